/**
 * How the worker keeps map tiles: as the tile server's HTTP cache headers allow (RFC 9111, as a
 * private cache), within a byte budget, least recently used out first. Pure, so that every rule
 * is a test; the worker (service-worker.ts) does the fetching and storing.
 *
 * Only headers a cross-origin answer exposes are read (Cache-Control, Expires, Last-Modified,
 * Content-Length): Date and Age are hidden from the worker unless the tile server lists them in
 * Access-Control-Expose-Headers, so times are counted from when the tile arrived here.
 */

/** The tiles of the areas recently seen: at most this many bytes, least recently used out first. */
export const TILE_CACHE_BUDGET_BYTES = 30 * 1024 * 1024;

/** A heuristic lifetime (RFC 9111 §4.2.2) is never longer than this. */
const MAX_HEURISTIC_SECONDS = 24 * 60 * 60;

export interface CacheDirectives {
  maxAge?: number;
  noStore: boolean;
  noCache: boolean;
  mustRevalidate: boolean;
  staleIfError?: number;
}

const seconds = (value: string | undefined) =>
  value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;

export function parseCacheControl(header: string | null | undefined): CacheDirectives {
  const directives = new Map<string, string | undefined>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...rest] = part.split('=');
    const key = name?.trim().toLowerCase();
    if (!key) continue;
    const value = rest
      .join('=')
      .trim()
      .replace(/^"(.*)"$/, '$1');
    // The first occurrence wins: a repeated directive is a server's mistake, not a change of mind.
    if (!directives.has(key)) directives.set(key, rest.length > 0 ? value : undefined);
  }
  return {
    maxAge: seconds(directives.get('max-age')),
    noStore: directives.has('no-store'),
    noCache: directives.has('no-cache'),
    mustRevalidate: directives.has('must-revalidate') || directives.has('proxy-revalidate'),
    staleIfError: seconds(directives.get('stale-if-error')),
  };
}

/** What the worker records of a tile it keeps. */
export interface TileKeeping {
  /** When it arrived (epoch ms). */
  storedAt: number;
  /** Until when it may be used without asking the tile server (epoch ms). */
  freshUntil: number;
  /** Whether it may still be shown once stale when the network is gone. */
  staleWhenOffline: boolean;
  /** Until when it may be shown once stale when the tile server fails (5xx) (epoch ms). */
  staleOnErrorUntil: number;
  bytes: number;
  /** Last time the map showed it (epoch ms): what "least recently used" goes by. */
  usedAt: number;
}

export interface TileAnswer {
  status: number;
  /** `cors` or `basic`: an opaque answer cannot be measured or read, so it is never kept. */
  type: string;
  headers: { get(name: string): string | null };
  bytes: number;
}

/**
 * Whether a tile answer may be kept, and for how long it is fresh: never a failure, an opaque
 * answer, `no-store`, `no-cache` (it could only be shown after asking the server again, which is
 * impossible offline) or `Vary: *`, and never a tile over a tenth of the budget.
 */
export function keepTile(answer: TileAnswer, now: number): TileKeeping | undefined {
  if (answer.status !== 200 || (answer.type !== 'cors' && answer.type !== 'basic')) return;
  const directives = parseCacheControl(answer.headers.get('cache-control'));
  if (directives.noStore || directives.noCache) return;
  if (answer.headers.get('vary')?.trim() === '*') return;
  if (answer.bytes <= 0 || answer.bytes > TILE_CACHE_BUDGET_BYTES / 10) return;
  const lifetime = freshnessLifetimeSeconds(directives, answer.headers, now);
  const freshUntil = now + lifetime * 1000;
  return {
    storedAt: now,
    freshUntil,
    staleWhenOffline: !directives.mustRevalidate,
    staleOnErrorUntil:
      directives.staleIfError !== undefined && !directives.mustRevalidate
        ? freshUntil + directives.staleIfError * 1000
        : freshUntil,
    bytes: answer.bytes,
    usedAt: now,
  };
}

/**
 * RFC 9111 §4.2.1: max-age, else Expires (against the arrival time: Date is not exposed), else a
 * tenth of the time since Last-Modified (capped at a day), else zero — stale at once, yet still
 * good for showing offline.
 */
function freshnessLifetimeSeconds(
  directives: CacheDirectives,
  headers: TileAnswer['headers'],
  now: number,
): number {
  if (directives.maxAge !== undefined) return directives.maxAge;
  const expires = headers.get('expires');
  if (expires !== null) {
    const at = Date.parse(expires);
    // An invalid Expires (such as "0") means already expired.
    return Number.isNaN(at) ? 0 : Math.max(0, Math.floor((at - now) / 1000));
  }
  const lastModified = Date.parse(headers.get('last-modified') ?? '');
  if (!Number.isNaN(lastModified) && lastModified < now) {
    return Math.min(MAX_HEURISTIC_SECONDS, Math.floor((now - lastModified) / 10_000));
  }
  return 0;
}

/** Why the worker is looking at a kept tile. */
export type TileNeed = 'online' | 'offline' | 'server-error';

/**
 * Whether a kept tile may be shown: fresh ones always; stale ones only without a network (unless
 * the server said must-revalidate) or, when the tile server fails, within its stale-if-error.
 */
export function mayShowTile(kept: TileKeeping, need: TileNeed, now: number): boolean {
  if (now < kept.freshUntil) return true;
  if (need === 'offline') return kept.staleWhenOffline;
  if (need === 'server-error') return now < kept.staleOnErrorUntil;
  return false;
}

/**
 * The tiles to drop so that the kept ones fit the budget: least recently used first (the areas
 * looked at longest ago).
 */
export function tilesOverBudget(
  kept: readonly { url: string; bytes: number; usedAt: number }[],
  budgetBytes = TILE_CACHE_BUDGET_BYTES,
): string[] {
  let total = kept.reduce((sum, tile) => sum + tile.bytes, 0);
  if (total <= budgetBytes) return [];
  const dropped: string[] = [];
  for (const tile of [...kept].sort((a, b) => a.usedAt - b.usedAt)) {
    if (total <= budgetBytes) break;
    dropped.push(tile.url);
    total -= tile.bytes;
  }
  return dropped;
}
