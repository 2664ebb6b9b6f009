import { describe, expect, it } from 'vitest';
import {
  keepTile,
  mayShowTile,
  parseCacheControl,
  TILE_CACHE_BUDGET_BYTES,
  tilesOverBudget,
  type TileAnswer,
} from './tile-cache-rules';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const HOUR = 3600_000;

const answer = (headers: Record<string, string>, extra: Partial<TileAnswer> = {}): TileAnswer => ({
  status: 200,
  type: 'cors',
  bytes: 20_000,
  headers: new Headers(headers),
  ...extra,
});

describe('Cache-Control as the tile server writes it', () => {
  it('reads the directives the worker acts on', () => {
    expect(
      parseCacheControl(
        'public, max-age=604800, stale-while-revalidate=86400, stale-if-error=3600',
      ),
    ).toEqual({
      maxAge: 604800,
      noStore: false,
      noCache: false,
      mustRevalidate: false,
      staleIfError: 3600,
    });
    expect(parseCacheControl('No-Store')).toMatchObject({ noStore: true });
    expect(parseCacheControl('max-age="60", must-revalidate')).toMatchObject({
      maxAge: 60,
      mustRevalidate: true,
    });
    expect(parseCacheControl('max-age=abc').maxAge).toBeUndefined();
    expect(parseCacheControl(null)).toMatchObject({ noStore: false, maxAge: undefined });
  });
});

describe('which tiles are kept, and for how long they are fresh', () => {
  it('keeps a tile for as long as max-age says, before Expires', () => {
    const kept = keepTile(
      answer({
        'cache-control': 'max-age=3600',
        expires: new Date(NOW + 48 * HOUR).toUTCString(),
      }),
      NOW,
    )!;
    expect(kept.freshUntil).toBe(NOW + HOUR);
    expect(kept).toMatchObject({
      storedAt: NOW,
      usedAt: NOW,
      bytes: 20_000,
      staleWhenOffline: true,
    });
  });

  it('reads Expires against the time the tile arrived, an invalid one as already expired', () => {
    const inTwoHours = new Date(NOW + 2 * HOUR).toUTCString();
    expect(keepTile(answer({ expires: inTwoHours }), NOW)!.freshUntil).toBe(NOW + 2 * HOUR);
    expect(keepTile(answer({ expires: '0' }), NOW)!.freshUntil).toBe(NOW);
  });

  it('without explicit freshness, a tenth of its age since Last-Modified, at most a day', () => {
    const tenHoursOld = new Date(NOW - 10 * HOUR).toUTCString();
    expect(keepTile(answer({ 'last-modified': tenHoursOld }), NOW)!.freshUntil).toBe(NOW + HOUR);
    const yearOld = new Date(NOW - 365 * 24 * HOUR).toUTCString();
    expect(keepTile(answer({ 'last-modified': yearOld }), NOW)!.freshUntil).toBe(NOW + 24 * HOUR);
    // Nothing said at all: stale at once, but still good for a map with no network.
    const unsaid = keepTile(answer({}), NOW)!;
    expect(unsaid.freshUntil).toBe(NOW);
    expect(mayShowTile(unsaid, 'offline', NOW + HOUR)).toBe(true);
  });

  it('never keeps what the server forbids or the worker cannot measure', () => {
    expect(keepTile(answer({ 'cache-control': 'no-store' }), NOW)).toBeUndefined();
    expect(keepTile(answer({ 'cache-control': 'no-cache' }), NOW)).toBeUndefined();
    expect(keepTile(answer({ vary: '*' }), NOW)).toBeUndefined();
    expect(keepTile(answer({}, { status: 404 }), NOW)).toBeUndefined();
    expect(keepTile(answer({}, { status: 206 }), NOW)).toBeUndefined();
    // An opaque answer (a tile server without CORS) hides its size and headers.
    expect(keepTile(answer({}, { type: 'opaque', bytes: 0 }), NOW)).toBeUndefined();
    expect(keepTile(answer({}, { bytes: TILE_CACHE_BUDGET_BYTES / 5 }), NOW)).toBeUndefined();
  });
});

describe('when a kept tile may be shown', () => {
  const kept = keepTile(answer({ 'cache-control': 'max-age=3600, stale-if-error=600' }), NOW)!;
  const strict = keepTile(answer({ 'cache-control': 'max-age=3600, must-revalidate' }), NOW)!;

  it('while fresh, always, without asking the tile server', () => {
    expect(mayShowTile(kept, 'online', NOW + HOUR - 1)).toBe(true);
  });

  it('once stale, not while the tile server can be asked', () => {
    expect(mayShowTile(kept, 'online', NOW + HOUR)).toBe(false);
  });

  it('once stale and with no network, yes, unless the server said must-revalidate', () => {
    expect(mayShowTile(kept, 'offline', NOW + 30 * 24 * HOUR)).toBe(true);
    expect(mayShowTile(strict, 'offline', NOW + HOUR + 1)).toBe(false);
  });

  it('once stale and the tile server failing, within its stale-if-error only', () => {
    expect(mayShowTile(kept, 'server-error', NOW + HOUR + 599_000)).toBe(true);
    expect(mayShowTile(kept, 'server-error', NOW + HOUR + 601_000)).toBe(false);
    expect(mayShowTile(strict, 'server-error', NOW + HOUR + 1)).toBe(false);
  });
});

describe('the tile budget', () => {
  const tile = (url: string, usedAt: number, bytes = 10) => ({ url, usedAt, bytes });

  it('is 30 MB', () => {
    expect(TILE_CACHE_BUDGET_BYTES).toBe(30 * 1024 * 1024);
  });

  it('drops nothing while the tiles fit', () => {
    expect(tilesOverBudget([tile('a', 1), tile('b', 2)], 20)).toEqual([]);
  });

  it('drops the least recently shown first, only as many as needed', () => {
    const kept = [tile('seen-today', 300), tile('last-week', 100), tile('yesterday', 200)];
    expect(tilesOverBudget(kept, 25)).toEqual(['last-week']);
    expect(tilesOverBudget(kept, 10)).toEqual(['last-week', 'yesterday']);
    expect(tilesOverBudget([...kept, tile('huge', 400, 100)], 100)).toEqual([
      'last-week',
      'yesterday',
      'seen-today',
    ]);
  });
});
