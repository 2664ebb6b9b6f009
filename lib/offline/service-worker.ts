/// <reference lib="webworker" />
/**
 * The service worker (Serwist), built by app/sw.js/route.ts with this build's file list injected
 * as self.__SW_MANIFEST. What it does with each request is request-rules.ts; README, "What works
 * offline and what does not", says it for dispatchers and operators.
 *
 * - Build files are precached at install: the screen's scripts and styles are on the device after
 *   one visit, and a warm visit downloads none.
 * - The quote screen: network first; without a network, the copy kept for the session signed in
 *   on this device (offline-screen.ts), else a page that says offline.
 * - Map tiles: kept as their server's cache headers allow, within 30 MB (tile-cache-rules.ts).
 * - /api and /courier: never seen, never kept (static routes send them past the worker where the
 *   browser supports it; no route answers them where it does not).
 * - Updates: a new build's worker installs in the background and waits; it takes over when no
 *   window of the app is open any more (the next open), never in the middle of a quote. It never
 *   reloads a page, and nothing here ever calls skipWaiting.
 */
import {
  Serwist,
  Strategy,
  type PrecacheEntry,
  type RequestRule as StaticRoute,
  type StrategyHandler,
} from 'serwist';
import { LOCALE_COOKIE } from '@/lib/i18n/config';
import { chooseLocale } from '@/lib/i18n/locale-choice';
import { offlinePage } from './offline-page';
import {
  buildLabel,
  SCREEN_CACHE_PREFIX,
  SHELL_COOKIE,
  KEPT_COPY_TIMING,
  SHELL_KEY_HEADER,
  startsOfflineWith,
} from './offline-screen';
import { NEVER_CACHED_PATHS, requestRule, type RequestRule } from './request-rules';
import { keepTile, mayShowTile, type TileNeed } from './tile-cache-rules';
import { tileUrlMatcher } from './tile-template';
import { TileStore } from './tile-store';
import { WORKER_MESSAGES, type ScreenStatus } from './worker-messages';

declare const self: ServiceWorkerGlobalScope & {
  __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
};

const manifest = self.__SW_MANIFEST ?? [];
const manifestUrls = manifest.map((entry) => (typeof entry === 'string' ? entry : entry.url));
const precachedPaths = new Set(
  manifestUrls.map((url) => new URL(url, self.location.href).pathname),
);
const BUILD = buildLabel(
  manifest.map((entry) =>
    typeof entry === 'string' ? entry : `${entry.url} ${entry.revision ?? ''}`,
  ),
);
const SCREEN_CACHE = `${SCREEN_CACHE_PREFIX}${BUILD}`;
const SCREEN_URL = new URL('/', self.location.origin).href;

/** The screen is opened from the kept copy when the network has not answered within this long. */
const SLOW_NETWORK_MS = 5_000;

const appOrigin = self.location.origin;
// The page registers the worker with its tile template (NEXT_PUBLIC_TILE_URL is read at run time).
const isTile = tileUrlMatcher(
  new URL(self.location.href).searchParams.get('tiles') ?? '',
  appOrigin,
);
const ruleOf = (request: Request): RequestRule =>
  requestRule(
    { url: request.url, method: request.method, mode: request.mode },
    { appOrigin, isTile },
  );

async function cookie(name: string): Promise<string | undefined> {
  // Without the Cookie Store API the worker cannot tell whose session it is: no kept screen.
  if (!('cookieStore' in self)) return undefined;
  return (await self.cookieStore.get(name))?.value || undefined;
}

async function offlineAnswer(request: Request): Promise<Response> {
  const locale = chooseLocale(await cookie(LOCALE_COOKIE), self.navigator.language);
  const { pathname, search } = new URL(request.url);
  const { html, headers } = offlinePage(locale, `${pathname}${search}`);
  return new Response(html, { status: 503, headers });
}

// ---------------------------------------------------------------------------------------------
// The kept quote screen (offline-screen.ts has the rules).

/** The copy kept for the session signed in on this device right now, if any. */
async function keptScreen(): Promise<Response | undefined> {
  const key = await cookie(SHELL_COOKIE);
  if (!key) return undefined;
  const kept = await caches.match(SCREEN_URL, { cacheName: SCREEN_CACHE });
  return kept?.headers.get(SHELL_KEY_HEADER) === key ? kept : undefined;
}

async function forgetScreen(): Promise<void> {
  await caches.delete(SCREEN_CACHE);
}

/** Keeps the screen the server just sent, when it is the signed-in screen of this build. */
async function learnScreen(response: Response): Promise<void> {
  // A redirect (to sign-in) or a refusal: this browser is not signed in any more.
  if (response.type === 'opaqueredirect' || response.status === 401 || response.status === 403) {
    await forgetScreen();
    return;
  }
  if (response.status !== 200 || !response.headers.get('content-type')?.includes('text/html')) {
    return;
  }
  const key = await cookie(SHELL_COOKIE);
  if (!key) return;
  const html = await response.text();
  if (!startsOfflineWith(html, precachedPaths)) return;
  const headers = new Headers(response.headers);
  headers.set(SHELL_KEY_HEADER, key);
  // Read by the page (PerformanceNavigationTiming.serverTiming): it was opened from this copy.
  headers.append('server-timing', KEPT_COPY_TIMING);
  await (
    await caches.open(SCREEN_CACHE)
  ).put(SCREEN_URL, new Response(html, { status: 200, statusText: response.statusText, headers }));
}

/** Fetches and keeps the screen unless a copy for this session is kept already. */
async function ensureScreen(): Promise<boolean> {
  if (await keptScreen()) return true;
  if (!(await cookie(SHELL_COOKIE))) return false;
  try {
    const response = await fetch(SCREEN_URL, {
      credentials: 'same-origin',
      cache: 'no-store',
      redirect: 'manual',
      headers: { accept: 'text/html' },
    });
    await learnScreen(response);
  } catch {
    // Offline or the server is down: the next online open keeps it.
  }
  return Boolean(await keptScreen());
}

class ScreenStrategy extends Strategy {
  protected async _handle(request: Request, handler: StrategyHandler): Promise<Response> {
    const kept = await keptScreen();
    const network = handler.fetch(request);
    void handler.waitUntil(
      network.then((response) => learnScreen(response.clone())).catch(() => undefined),
    );
    if (!kept) return network.catch(() => offlineAnswer(request));
    // A network that is there but does not answer (a weak signal at a customer's door) is no
    // better than none: the kept screen opens, and the late answer still refreshes the copy.
    const slow = new Promise<'slow'>((resolve) =>
      setTimeout(() => resolve('slow'), SLOW_NETWORK_MS),
    );
    const first = await Promise.race([network.catch(() => 'failed' as const), slow]);
    return first instanceof Response ? first : kept;
  }
}

class PageStrategy extends Strategy {
  protected async _handle(request: Request, handler: StrategyHandler): Promise<Response> {
    return handler.fetch(request).catch(() => offlineAnswer(request));
  }
}

// ---------------------------------------------------------------------------------------------
// Map tiles (tile-cache-rules.ts has the rules).

const tiles = new TileStore();
/** Tile servers that refused a CORS request: their tiles are passed through, never kept. */
const corsRefused = new Set<string>();

class TileStrategy extends Strategy {
  protected async _handle(request: Request, handler: StrategyHandler): Promise<Response> {
    const url = request.url;
    const now = Date.now();
    const found = await tiles.find(url).catch(() => undefined);
    const show = (need: TileNeed) => {
      if (!found || !mayShowTile(found.kept, need, now)) return undefined;
      void handler.waitUntil(tiles.shown(url, found.kept, now).catch(() => undefined));
      return found.response;
    };
    const fresh = show('online');
    if (fresh) return fresh;

    const origin = new URL(url).origin;
    let answer: Response;
    try {
      // Asked with CORS (an <img> asks without): only a readable answer tells its size and its
      // cache headers. Tile servers send Access-Control-Allow-Origin (OpenStreetMap's do).
      answer = corsRefused.has(origin)
        ? await handler.fetch(request)
        : await handler.fetch(new Request(url, { mode: 'cors', credentials: 'omit' }));
    } catch (error) {
      const stale = show('offline');
      if (stale) return stale;
      if (corsRefused.has(origin)) throw error;
      // Either no network, or a server without CORS: as the page asked, then.
      const plain = await handler.fetch(request);
      corsRefused.add(origin);
      return plain;
    }
    if (answer.status >= 500) return show('server-error') ?? answer;
    const body = await answer.clone().blob();
    const keeping = keepTile(
      { status: answer.status, type: answer.type, headers: answer.headers, bytes: body.size },
      now,
    );
    if (keeping) void handler.waitUntil(tiles.keep(url, answer.clone(), keeping).catch(() => {}));
    return answer;
  }
}

// ---------------------------------------------------------------------------------------------
// The worker.

// Nothing may hurry a new build in while a window is open (Serwist would take this message as a
// request to skip waiting): listeners run in the order they were added, so this one goes first.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') event.stopImmediatePropagation();
});

const sameOrigin = (pathname: string) => ({ pathname, baseURL: appOrigin });
const staticRoutes: StaticRoute[] = NEVER_CACHED_PATHS.flatMap((root) => [
  { condition: { urlPattern: sameOrigin(root) }, source: 'network' as const },
  { condition: { urlPattern: sameOrigin(`${root}/*`) }, source: 'network' as const },
]);

const serwist = new Serwist({
  precacheEntries: manifest,
  precacheOptions: { cleanupOutdatedCaches: true },
  skipWaiting: false,
  clientsClaim: false,
  navigationPreload: true,
  requestRules: staticRoutes,
  runtimeCaching: [
    { matcher: ({ request }) => ruleOf(request) === 'screen', handler: new ScreenStrategy() },
    { matcher: ({ request }) => ruleOf(request) === 'page', handler: new PageStrategy() },
    { matcher: ({ request }) => ruleOf(request) === 'tile', handler: new TileStrategy() },
  ],
});

/** Whether this worker is the first the browser installs for the app (nothing to take over from). */
let firstWorker = false;

self.addEventListener('install', (event) => {
  firstWorker = !self.registration.active;
  // The screen of the signed-in dispatcher, for this build: the page that registered the worker
  // was not served through it.
  event.waitUntil(ensureScreen().catch(() => false));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(SCREEN_CACHE_PREFIX) && name !== SCREEN_CACHE)
          .map((name) => caches.delete(name)),
      );
      // The very first worker looks after the window that installed it at once (so the tiles it
      // shows next are kept); a new build never takes a window over (it waits for the next open).
      if (firstWorker) await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  const port = event.ports[0];
  switch (event.data?.type) {
    case WORKER_MESSAGES.screenStatus: {
      const status = ensureScreen().then(
        (offlineReady): ScreenStatus => ({ offlineReady }),
        (): ScreenStatus => ({ offlineReady: false }),
      );
      event.waitUntil(status.then((answer) => port?.postMessage(answer)));
      break;
    }
    case WORKER_MESSAGES.forgetScreen:
      event.waitUntil(forgetScreen().then(() => port?.postMessage(true)));
      break;
    case WORKER_MESSAGES.forgetTiles:
      event.waitUntil(
        tiles.forgetAll().then(
          () => port?.postMessage(true),
          () => port?.postMessage(false),
        ),
      );
      break;
  }
});

serwist.addEventListeners();
