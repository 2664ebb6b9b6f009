import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The worker itself (service-worker.ts, Serwist and all), run in a stand-in service worker scope:
 * events are dispatched to it as the browser would, and what it does with them is recorded. The
 * browser-level proofs are in e2e/offline.spec.ts.
 */
const ORIGIN = 'https://dispatch.example';
const TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** What the browser's ExtendableEvent and FetchEvent are to Serwist's own checks. */
class StubExtendableEvent extends Event {}
class StubFetchEvent extends StubExtendableEvent {}

interface Scope extends EventTarget {
  skipWaiting: ReturnType<typeof vi.fn>;
  clientsClaimed: ReturnType<typeof vi.fn>;
}

/** A service worker scope with nothing cached, and an active worker when another build runs. */
function stubScope({ anotherBuildActive }: { anotherBuildActive: boolean }): Scope {
  const scope = new EventTarget() as Scope & Record<string, unknown>;
  scope.skipWaiting = vi.fn(async () => undefined);
  scope.clientsClaimed = vi.fn(async () => undefined);
  Object.assign(scope, {
    __SW_MANIFEST: [{ url: '/_next/static/chunks/app.js', revision: null }],
    location: new URL(`${ORIGIN}/sw.js?tiles=${encodeURIComponent(TILES)}`),
    navigator: { language: 'es-MX' },
    registration: {
      scope: `${ORIGIN}/`,
      active: anotherBuildActive ? { state: 'activated' } : null,
      navigationPreload: { enable: vi.fn(async () => undefined) },
    },
    clients: { claim: scope.clientsClaimed, matchAll: async () => [] },
    importScripts: vi.fn(),
  });
  vi.stubGlobal('self', scope);
  vi.stubGlobal('location', scope.location);
  vi.stubGlobal('ExtendableEvent', StubExtendableEvent);
  vi.stubGlobal('FetchEvent', StubFetchEvent);
  stubCaches({ put: async () => undefined });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('network', { status: 200 })),
  );
  return scope;
}

/** Caches with nothing in them, for the worker (as `caches` and as `self.caches`). */
function stubCaches({ put }: { put: (...args: unknown[]) => Promise<unknown> }) {
  const storage = {
    open: async () => ({
      match: async () => undefined,
      put,
      keys: async () => [],
      delete: async () => false,
    }),
    match: async () => undefined,
    keys: async () => [],
    delete: async () => false,
  };
  vi.stubGlobal('caches', storage);
  (globalThis.self as unknown as { caches: typeof storage }).caches = storage;
}

/** An extendable event as the browser dispatches it, with what the worker asked of it. */
function extendable<T extends object>(type: string, fields: T, Kind = StubExtendableEvent) {
  const event = Object.assign(new Kind(type), fields, {
    lifetime: [] as Promise<unknown>[],
    waitUntil(promise: Promise<unknown>) {
      event.lifetime.push(promise);
    },
  });
  return event;
}

function fetchEvent(url: string, init: { method?: string; mode?: RequestMode } = {}) {
  const request = new Request(url, { method: init.method ?? 'GET' });
  // Node's Request cannot be built in navigate mode; the worker reads it as the browser sets it.
  Object.defineProperty(request, 'mode', { value: init.mode ?? 'cors' });
  const answered: Promise<Response>[] = [];
  const event = extendable(
    'fetch',
    {
      request,
      clientId: 'window-1',
      resultingClientId: 'window-1',
      preloadResponse: Promise.resolve(undefined),
      respondWith: (response: Promise<Response>) => {
        answered.push(Promise.resolve(response).catch(() => Response.error()));
      },
    },
    StubFetchEvent,
  );
  return { event, answered };
}

async function startWorker(options: { anotherBuildActive: boolean }) {
  const scope = stubScope(options);
  vi.resetModules();
  await import('./service-worker');
  return scope;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the service worker', () => {
  it('lets every request under /api and /courier go to the network untouched, whatever the method', async () => {
    const scope = await startWorker({ anotherBuildActive: false });
    for (const path of [
      '/api/session',
      '/api/quote',
      '/api/coverage',
      '/api/geocode/search?q=roma%20nte',
      '/courier/openapi.json',
      '/courier/api/login/loginClient/json/web',
    ]) {
      for (const [method, mode] of [
        ['GET', 'cors'],
        ['POST', 'cors'],
        ['DELETE', 'cors'],
        ['GET', 'navigate'],
      ] as const) {
        const { event, answered } = fetchEvent(`${ORIGIN}${path}`, { method, mode });
        scope.dispatchEvent(event);
        expect(answered, `${method} ${path} (${mode})`).toEqual([]);
      }
    }
    // The screen, a tile and another page are its business.
    for (const [url, mode] of [
      [`${ORIGIN}/`, 'navigate'],
      ['https://tile.openstreetmap.org/14/3678/7290.png', 'no-cors'],
      [`${ORIGIN}/sign-in`, 'navigate'],
    ] as const) {
      const { event, answered } = fetchEvent(url, { mode });
      scope.dispatchEvent(event);
      expect(answered, url).toHaveLength(1);
    }
  });

  it('does not keep /api or /courier answers when a page asks it to', async () => {
    const scope = await startWorker({ anotherBuildActive: false });
    const cachePut = vi.fn(async () => undefined);
    stubCaches({ put: cachePut });
    const event = extendable('message', {
      data: {
        type: 'CACHE_URLS',
        payload: {
          urlsToCache: ['/api/session', '/api/coverage', '/courier/openapi.json'].map(
            (path) => `${ORIGIN}${path}`,
          ),
        },
      },
      ports: [],
    });
    scope.dispatchEvent(event);
    await Promise.all(event.lifetime);
    expect(cachePut).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('tells the browser to send /api and /courier past it altogether (static routes)', async () => {
    const scope = await startWorker({ anotherBuildActive: false });
    const addRoutes = vi.fn(async () => undefined);
    const install = extendable('install', { addRoutes });
    scope.dispatchEvent(install);
    await Promise.allSettled(install.lifetime);
    expect(addRoutes).toHaveBeenCalledWith([
      { condition: { urlPattern: { pathname: '/api', baseURL: ORIGIN } }, source: 'network' },
      { condition: { urlPattern: { pathname: '/api/*', baseURL: ORIGIN } }, source: 'network' },
      { condition: { urlPattern: { pathname: '/courier', baseURL: ORIGIN } }, source: 'network' },
      { condition: { urlPattern: { pathname: '/courier/*', baseURL: ORIGIN } }, source: 'network' },
    ]);
  });

  it('as a new build, waits: it never skips waiting, even when asked, and takes no window over', async () => {
    const scope = await startWorker({ anotherBuildActive: true });
    const install = extendable('install', {});
    scope.dispatchEvent(install);
    await Promise.allSettled(install.lifetime);
    scope.dispatchEvent(extendable('message', { data: { type: 'SKIP_WAITING' }, ports: [] }));
    const activate = extendable('activate', {});
    scope.dispatchEvent(activate);
    await Promise.allSettled(activate.lifetime);
    expect(scope.skipWaiting).not.toHaveBeenCalled();
    expect(scope.clientsClaimed).not.toHaveBeenCalled();
  });

  it('as the first worker of the app, looks after the window that installed it at once', async () => {
    const scope = await startWorker({ anotherBuildActive: false });
    const install = extendable('install', {});
    scope.dispatchEvent(install);
    await Promise.allSettled(install.lifetime);
    const activate = extendable('activate', {});
    scope.dispatchEvent(activate);
    await Promise.allSettled(activate.lifetime);
    expect(scope.clientsClaimed).toHaveBeenCalledTimes(1);
    expect(scope.skipWaiting).not.toHaveBeenCalled();
  });
});
