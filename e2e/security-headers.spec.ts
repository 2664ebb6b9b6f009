import type { APIResponse } from '@playwright/test';
import { expect, test } from './support/screen';

// Headers come from the production server itself (proxy.ts for pages, next.config.js for the
// rest), so they are checked over real HTTP here; once is enough, not once per device.

const STATIC = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};

function expectStaticHeaders(response: APIResponse) {
  const headers = response.headers();
  expect(headers, response.url()).toMatchObject(STATIC);
  expect(headers['permissions-policy'], response.url()).toMatch(/geolocation=\(self\)/);
  expect(headers['x-powered-by'], response.url()).toBeUndefined();
  expect(headers['strict-transport-security'], response.url()).toBeUndefined();
}

/** Every value a header was sent with (Playwright joins repeats with a newline). */
function values(response: APIResponse, name: string): string[] {
  return response
    .headersArray()
    .filter((header) => header.name.toLowerCase() === name)
    .map((header) => header.value);
}

test('pages carry one policy with a fresh nonce, and their scripts carry it', async ({
  request,
}) => {
  const first = await request.get('/sign-in');
  const second = await request.get('/sign-in');
  expectStaticHeaders(first);
  const [policy, ...more] = values(first, 'content-security-policy');
  expect(more).toEqual([]);
  const nonce = /'nonce-([^']+)'/.exec(policy ?? '')?.[1];
  expect(nonce).toBeTruthy();
  expect(values(second, 'content-security-policy')[0]).not.toContain(nonce);
  expect(await first.text()).toContain(`nonce="${nonce}"`);
});

test('JSON answers and static files get the headers with no per-request work', async ({
  request,
}) => {
  for (const path of ['/api/health', '/api/session', '/courier/openapi.json']) {
    const response = await request.get(path);
    expectStaticHeaders(response);
    expect(values(response, 'content-security-policy'), path).toEqual([
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    ]);
  }
  const html = await (await request.get('/sign-in')).text();
  const chunk = /src="(\/_next\/static\/chunks\/[^"]+\.js)"/.exec(html)?.[1];
  expect(chunk).toBeTruthy();
  for (const path of [chunk!, '/manifest.webmanifest', '/icons/icon-192.png']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expectStaticHeaders(response);
  }
});

test('the build’s scripts go out with brotli to a browser that takes it, the same bytes once decoded', async ({
  request,
}) => {
  const html = await (await request.get('/sign-in')).text();
  const chunk = /src="(\/_next\/static\/chunks\/[^"]+\.js)"/.exec(html)?.[1];
  expect(chunk).toBeTruthy();
  // The server compresses the build in the background from its start: gzip until it is done.
  const asBrowser = { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } };
  await expect
    .poll(async () => (await request.get(chunk!, asBrowser)).headers()['content-encoding'], {
      timeout: 30_000,
    })
    .toBe('br');
  const brotli = await request.get(chunk!, asBrowser);
  expect(brotli.status()).toBe(200);
  expect(brotli.headers()['vary']).toMatch(/accept-encoding/i);
  expect(brotli.headers()['cache-control']).toContain('immutable');
  expectStaticHeaders(brotli);
  const gzip = await request.get(chunk!, { headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers()['content-encoding']).toBe('gzip');
  const plain = await request.get(chunk!, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  expect(await brotli.body()).toEqual(await plain.body());
  expect(await gzip.body()).toEqual(await plain.body());
});

test('a page that does not exist says so in the visitor’s language, its scripts carrying the nonce', async ({
  request,
}) => {
  for (const [language, title] of [
    ['es-MX', 'Esta página no existe'],
    ['en', 'This page does not exist'],
  ] as const) {
    const response = await request.get('/no-such-page', {
      headers: { 'accept-language': language },
    });
    expect(response.status(), language).toBe(404);
    const nonce = /'nonce-([^']+)'/.exec(values(response, 'content-security-policy')[0] ?? '')?.[1];
    const html = await response.text();
    expect(html, language).toContain(`<html lang="${language}"`);
    expect(html, language).toContain(title);
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length, language).toBeGreaterThan(0);
    for (const script of scripts) expect(script, language).toContain(`nonce="${nonce}"`);
  }
});

test('an HTML 404 at a path with a file extension, where the proxy does not run, still runs no script', async ({
  request,
}) => {
  for (const path of ['/wp-login.php', '/.env.bak', '/admin/config.json']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expectStaticHeaders(response);
    expect(values(response, 'content-security-policy'), path).toEqual([
      "default-src 'none'; style-src 'self'; img-src 'self' data:; font-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    ]);
  }
});

test('the service worker’s script is fetched fresh at every use and needs no wider scope', async ({
  request,
}) => {
  const response = await request.get('/sw.js?tiles=https%3A%2F%2Ftile.openstreetmap.org');
  expect(response.status()).toBe(200);
  expectStaticHeaders(response);
  const headers = response.headers();
  expect(headers['content-type']).toMatch(/javascript/);
  expect(values(response, 'cache-control')).toEqual(['no-cache']);
  // Served from the root, its scope is the whole app without Service-Worker-Allowed.
  expect(headers['service-worker-allowed']).toBeUndefined();
  // No file policy on it: a worker's script policy would govern the worker's own fetches.
  expect(values(response, 'content-security-policy')).toEqual([]);
  const page = await request.get('/sign-in');
  expect(values(page, 'content-security-policy')[0]).toMatch(/(^|; )worker-src 'self'(;|$)/);
});

test('behind a TLS-terminating proxy every response asks for https from then on', async ({
  request,
}) => {
  for (const proto of ['https', 'HTTPS']) {
    const headers = { 'x-forwarded-proto': proto };
    for (const path of ['/sign-in', '/api/health', '/courier/openapi.json']) {
      const response = await request.get(path, { headers });
      expect(values(response, 'strict-transport-security'), `${proto} ${path}`).toEqual([
        'max-age=63072000',
      ]);
    }
  }
  const headers = { 'x-forwarded-proto': 'https' };
  const page = await request.get('/sign-in', { headers });
  expect(values(page, 'content-security-policy')[0]).toMatch(/upgrade-insecure-requests/);
});
