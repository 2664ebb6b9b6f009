/**
 * What the service worker does with each request: the caching rules, as one pure function the
 * worker routes by and its tests read as a table.
 *
 * - `network`: not the worker's business. It does not answer; the browser goes to the network as
 *   if there were no worker, and nothing is kept. Every request under /api and /courier (sessions,
 *   quotes, lookups, the courier itself: live, or failing visibly), every method but GET, the
 *   worker's own script, and anything not named below.
 * - `screen`: opening the quote screen (a navigation to `/`): the network first; without one, the
 *   copy of the screen kept for the session signed in on this device, if any (offline-screen.ts).
 * - `page`: opening any other page of the app: the network, else a page that says "offline".
 * - `tile`: a map tile of NEXT_PUBLIC_TILE_URL: kept as its server's cache headers allow, in a
 *   bounded cache (tile-cache-rules.ts).
 * Build files (/_next/static/…) are answered from the precache before these rules are asked.
 */
export type RequestRule = 'network' | 'screen' | 'page' | 'tile';

export interface RequestFacts {
  url: string;
  method: string;
  /** `navigate` for a page being opened. */
  mode: string;
}

/** Paths whose answers are never kept, served from a cache, or even seen by the worker. */
export const NEVER_CACHED_PATHS = ['/api', '/courier'] as const;

/** The worker's own script: the browser fetches it itself, past any cache, to look for updates. */
export const WORKER_PATH = '/sw.js';

export const isNeverCached = (pathname: string) =>
  NEVER_CACHED_PATHS.some((root) => pathname === root || pathname.startsWith(`${root}/`));

export function requestRule(
  { url, method, mode }: RequestFacts,
  { appOrigin, isTile }: { appOrigin: string; isTile?: (url: string) => boolean },
): RequestRule {
  if (method !== 'GET') return 'network';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'network';
  }
  const sameOrigin = parsed.origin === appOrigin;
  if (sameOrigin && (isNeverCached(parsed.pathname) || parsed.pathname === WORKER_PATH)) {
    return 'network';
  }
  if (isTile?.(parsed.href)) return 'tile';
  if (sameOrigin && mode === 'navigate') return parsed.pathname === '/' ? 'screen' : 'page';
  return 'network';
}
