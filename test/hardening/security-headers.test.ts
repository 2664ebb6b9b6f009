import { NextRequest } from 'next/server';
import { unstable_doesMiddlewareMatch } from 'next/experimental/testing/server';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  createNonce,
  pageSecurityHeaders,
  servedOverHttps,
  tileSource,
} from '@/lib/security/headers';
import { staticHeaderRules } from '@/lib/security/static-headers';
import { pathToRegexp } from 'next/dist/compiled/path-to-regexp';
import nextConfig from '../../next.config.js';
import { config, proxy } from '../../proxy';

const OSM = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const options = { nonce: 'bm9uY2U=', tileUrl: OSM, development: false, https: false };

/** The CSP as `directive → sources`. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe('the Content-Security-Policy', () => {
  it('runs only the scripts Next marked with this request’s nonce (and what they load)', () => {
    const csp = directives(contentSecurityPolicy(options));
    expect(csp.get('script-src')).toEqual(["'self'", "'nonce-bm9uY2U='", "'strict-dynamic'"]);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
  });

  it('allows eval only under next dev, where React needs it', () => {
    const csp = directives(contentSecurityPolicy({ ...options, development: true }));
    expect(csp.get('script-src')).toContain("'unsafe-eval'");
  });

  it('lets the map draw tiles from the configured tile host and nothing else from outside', () => {
    const csp = directives(contentSecurityPolicy(options));
    expect(csp.get('img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://tile.openstreetmap.org',
    ]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('font-src')).toEqual(["'self'"]);
  });

  it('keeps inline styles for Leaflet, with no nonce that would switch them off', () => {
    const csp = directives(contentSecurityPolicy(options));
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it('lets the app’s own service worker register, and no other worker', () => {
    const csp = directives(contentSecurityPolicy(options));
    // Without it, worker-src falls back to script-src, whose 'strict-dynamic' ignores 'self'.
    expect(csp.get('worker-src')).toEqual(["'self'"]);
  });

  it('forbids framing, plug-ins, <base> and forms posting elsewhere', () => {
    const csp = directives(contentSecurityPolicy(options));
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
  });

  it('upgrades insecure requests over https only, so a tablet on plain http keeps working', () => {
    expect(directives(contentSecurityPolicy(options)).has('upgrade-insecure-requests')).toBe(false);
    expect(
      directives(contentSecurityPolicy({ ...options, https: true })).has(
        'upgrade-insecure-requests',
      ),
    ).toBe(true);
  });

  it('is one line that Next can read the nonce from', () => {
    const csp = contentSecurityPolicy(options);
    expect(csp).not.toMatch(/[\r\n]/);
    expect(/script-src[^;]*'nonce-([A-Za-z0-9+/_-]+={0,2})'/.exec(csp)?.[1]).toBe('bm9uY2U=');
  });
});

describe('the tile host in the policy', () => {
  it.each([
    [OSM, 'https://tile.openstreetmap.org'],
    ['https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://*.tile.openstreetmap.org'],
    ['http://127.0.0.1:4010/tiles/{z}/{x}/{y}.png', 'http://127.0.0.1:4010'],
    ['https://Tiles.Example.com/{z}/{x}/{y}{r}.png?key=abc', 'https://tiles.example.com'],
    ['/tiles/{z}/{x}/{y}.png', undefined],
    ['https://{s}.{t}.example/{z}/{x}/{y}.png', undefined],
    ['https://evil.example;script-src */{z}/{x}/{y}', undefined],
  ])('%s → %s', (template, source) => {
    expect(tileSource(template)).toBe(source);
  });
});

describe('the other security headers', () => {
  it('asks a page for https from then on (HSTS) only when served over https', () => {
    expect(pageSecurityHeaders(options)['strict-transport-security']).toBeUndefined();
    expect(pageSecurityHeaders({ ...options, https: true })['strict-transport-security']).toBe(
      'max-age=63072000',
    );
  });

  it('knows https from the URL, the proxy’s X-Forwarded-Proto, or an https APP_ORIGIN', () => {
    const plain = new Request('http://127.0.0.1:3000/');
    expect(servedOverHttps(plain, undefined)).toBe(false);
    expect(servedOverHttps(new Request('https://dispatch.example/'), undefined)).toBe(true);
    const forwarded = new Request('http://127.0.0.1:3000/', {
      headers: { 'x-forwarded-proto': 'https, http' },
    });
    expect(servedOverHttps(forwarded, undefined)).toBe(true);
    expect(servedOverHttps(plain, 'https://dispatch.example')).toBe(true);
    expect(servedOverHttps(plain, 'http://dispatch.example')).toBe(false);
  });

  it('draws a different nonce for every request', () => {
    const nonces = new Set(Array.from({ length: 1000 }, createNonce));
    expect(nonces.size).toBe(1000);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});

describe('next.config.js headers()', () => {
  it('is what lib/security/static-headers.js lists', async () => {
    expect(await nextConfig.headers!()).toEqual(staticHeaderRules());
  });

  /** The headers Next adds to a response for `path`, as its routes-manifest matcher would. */
  function headersFor(path: string, requestHeaders: Record<string, string> = {}) {
    const found: Record<string, string> = {};
    for (const rule of staticHeaderRules()) {
      // Next matches `source` with path-to-regexp, as here.
      if (!pathToRegexp(rule.source, [], {}).test(path)) continue;
      const met = (rule.has ?? []).every((condition) =>
        new RegExp(`^(?:${condition.value})$`).test(requestHeaders[condition.key] ?? ''),
      );
      if (!met) continue;
      for (const { key, value } of rule.headers) found[key] = value;
    }
    return found;
  }

  it.each(['/', '/sign-in', '/api/quote', '/courier/openapi.json', '/_next/static/chunks/a.js'])(
    'puts nosniff, the referrer policy, no framing and the opener policy on %s',
    (path) => {
      // Written out here, not read from the module under test: a header dropped from the list
      // must fail this.
      expect(headersFor(path)).toMatchObject({
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'x-frame-options': 'DENY',
        'cross-origin-opener-policy': 'same-origin',
      });
    },
  );

  it.each(['/', '/api/quote', '/icons/icon-192.png'])(
    'allows geolocation on %s for the app itself and no camera, microphone or payment at all',
    (path) => {
      const policy = headersFor(path)['permissions-policy'];
      expect(policy).toMatch(/(^|, )geolocation=\(self\)(,|$)/);
      expect(policy).toMatch(/(^|, )camera=\(\)(,|$)/);
      expect(policy).toMatch(/(^|, )microphone=\(\)(,|$)/);
      expect(policy).toMatch(/(^|, )payment=\(\)(,|$)/);
    },
  );

  it.each(['/api/quote', '/api/session', '/courier/api/login/loginClient/json/web'])(
    'gives the JSON answers of %s a policy that loads and runs nothing',
    (path) => {
      const policy = directives(headersFor(path)['content-security-policy'] ?? '');
      expect(policy.get('default-src')).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy.has('script-src')).toBe(false);
    },
  );

  it.each(['/wp-login.php', '/.env.bak', '/icons/icon-192.png', '/manifest.webmanifest'])(
    'gives %s — a file, or the HTML 404 page where none is — a policy that runs no script',
    (path) => {
      const policy = directives(headersFor(path)['content-security-policy'] ?? '');
      expect(policy.get('default-src')).toEqual(["'none'"]);
      expect(policy.has('script-src')).toBe(false);
      expect(policy.get('img-src')).toEqual(["'self'", 'data:']);
    },
  );

  it('has the service worker’s script asked for again at every use, never kept by a cache', () => {
    expect(headersFor('/sw.js')).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'cache-control': 'no-cache',
    });
    expect(headersFor('/sw.js')['service-worker-allowed']).toBeUndefined();
    // Its own policy, not the file policy: that one would forbid the worker's fetches.
    expect(headersFor('/sw.js')['content-security-policy']).toBeUndefined();
    expect(headersFor('/')['cache-control']).toBeUndefined();
  });

  it('leaves the policy of pages to the proxy (two policies would both apply)', () => {
    expect(headersFor('/')['content-security-policy']).toBeUndefined();
    expect(headersFor('/sign-in')['content-security-policy']).toBeUndefined();
  });

  it('adds HSTS to every response behind a TLS-terminating proxy, never over plain http', () => {
    expect(headersFor('/api/quote')['strict-transport-security']).toBeUndefined();
    expect(
      headersFor('/api/quote', { 'x-forwarded-proto': 'https' })['strict-transport-security'],
    ).toBe('max-age=63072000');
    expect(
      headersFor('/api/quote', { 'x-forwarded-proto': 'https, http' })['strict-transport-security'],
    ).toBe('max-age=63072000');
    expect(
      headersFor('/api/quote', { 'x-forwarded-proto': 'http' })['strict-transport-security'],
    ).toBeUndefined();
    for (const proto of ['HTTPS', 'Https', 'HTTPS, http']) {
      expect(
        headersFor('/api/quote', { 'x-forwarded-proto': proto })['strict-transport-security'],
        proto,
      ).toBe('max-age=63072000');
    }
  });
});

describe('the proxy', () => {
  it.each(['/', '/sign-in', '/no-such-page', '/sign-in?next=%2F', '/c/Qm9uam91ciBsZSBtb25kZQ'])(
    'runs for the page %s',
    (url) => {
      expect(unstable_doesMiddlewareMatch({ config, url })).toBe(true);
    },
  );

  it.each([
    '/api/quote',
    '/api/session',
    '/api/health',
    '/api/geocode/search',
    '/courier/api/login/loginClient/json/web',
    '/courier/api/order/validZipCode/json/web',
    '/courier/openapi.json',
    '/_next/static/chunks/main.js',
    '/manifest.webmanifest',
    '/icons/icon-192.png',
    '/sw.js',
    '/sw.js?tiles=https%3A%2F%2Ftile.openstreetmap.org%2F%7Bz%7D%2F%7Bx%7D%2F%7By%7D.png',
  ])('leaves %s to next.config.js (no per-request work)', (url) => {
    expect(unstable_doesMiddlewareMatch({ config, url })).toBe(false);
  });

  it('puts the headers on the response and the nonce’d policy on the request for Next', async () => {
    const response = await proxy(new NextRequest('http://127.0.0.1:3000/'));
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/]{22}==' 'strict-dynamic'/);
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(response.headers.get('x-powered-by')).toBeNull();
    // NextResponse.next() forwards overridden request headers to the app under these names.
    expect(response.headers.get('x-middleware-override-headers')).toMatch(
      /content-security-policy/,
    );
    expect(response.headers.get('x-middleware-request-content-security-policy')).toBe(csp);
  });

  it('gives two requests two different nonces', async () => {
    const nonceOf = async () =>
      /'nonce-([^']+)'/.exec(
        (await proxy(new NextRequest('http://127.0.0.1:3000/'))).headers.get(
          'content-security-policy',
        )!,
      )?.[1];
    expect(await nonceOf()).not.toBe(await nonceOf());
  });

  it('adds HSTS behind a TLS-terminating proxy', async () => {
    const response = await proxy(
      new NextRequest('http://127.0.0.1:3000/', { headers: { 'x-forwarded-proto': 'https' } }),
    );
    expect(response.headers.get('strict-transport-security')).toBe('max-age=63072000');
    expect(response.headers.get('content-security-policy')).toMatch(/upgrade-insecure-requests/);
  });
});
