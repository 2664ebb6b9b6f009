/**
 * The worker's map tiles: the answers in a Cache, what it knows of each (freshness, size, last
 * use) in IndexedDB, and the byte budget kept by dropping the least recently used. Runs in the
 * service worker only; the rules it applies are in tile-cache-rules.ts.
 */
import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { tilesOverBudget, type TileKeeping } from './tile-cache-rules';
import { TILE_CACHE } from './worker-messages';

export { TILE_CACHE };

/** A tile shown again within this long is not re-dated: one write per minute at most. */
const USE_RESOLUTION_MS = 60_000;

interface TileRecord extends TileKeeping {
  url: string;
}

interface TileSchema extends DBSchema {
  tiles: { key: string; value: TileRecord };
}

export class TileStore {
  private database: Promise<IDBPDatabase<TileSchema>> | undefined;
  private trimming: Promise<void> | undefined;
  private trimAgain = false;

  private db() {
    this.database ??= openDB<TileSchema>(TILE_CACHE, 1, {
      upgrade(db) {
        db.createObjectStore('tiles', { keyPath: 'url' });
      },
    });
    return this.database;
  }

  /** The kept answer and what is known of it, or nothing (a half-kept tile counts as none). */
  async find(url: string): Promise<{ response: Response; kept: TileKeeping } | undefined> {
    const [response, kept] = await Promise.all([
      caches.open(TILE_CACHE).then((cache) => cache.match(url)),
      this.db().then((db) => db.get('tiles', url)),
    ]);
    if (!response || !kept) return undefined;
    return { response, kept };
  }

  /** Marks a tile as just shown (least recently used goes first). */
  async shown(url: string, kept: TileKeeping, now: number): Promise<void> {
    if (now - kept.usedAt < USE_RESOLUTION_MS) return;
    await (await this.db()).put('tiles', { ...kept, url, usedAt: now });
  }

  async keep(url: string, response: Response, kept: TileKeeping): Promise<void> {
    // The record first: a trim running meanwhile must not take the answer for an orphan.
    await (await this.db()).put('tiles', { ...kept, url });
    await (await caches.open(TILE_CACHE)).put(url, response);
    await this.trim();
  }

  /**
   * Drops every kept tile: the Cache and the database, which is closed first (a page cannot
   * delete it while this worker holds it open). The next tile kept opens a new one.
   */
  async forgetAll(): Promise<void> {
    const open = this.database;
    this.database = undefined;
    if (open) (await open.catch(() => undefined))?.close();
    await Promise.all([caches.delete(TILE_CACHE), deleteDB(TILE_CACHE)]);
  }

  /**
   * Brings the tiles within budget. Calls made while a trim runs are folded into one more pass,
   * so a screenful of new tiles costs two passes, not one each.
   */
  trim(): Promise<void> {
    if (this.trimming) {
      this.trimAgain = true;
      return this.trimming;
    }
    this.trimming = (async () => {
      try {
        do {
          this.trimAgain = false;
          await this.trimOnce();
        } while (this.trimAgain);
      } finally {
        this.trimming = undefined;
      }
    })();
    return this.trimming;
  }

  private async trimOnce(): Promise<void> {
    const db = await this.db();
    const cache = await caches.open(TILE_CACHE);
    const records = await db.getAll('tiles');
    const known = new Set(records.map((record) => record.url));
    const dropped = tilesOverBudget(records);
    // Answers whose record was lost (storage cleared halfway) cannot be measured: out too.
    const orphans = (await cache.keys()).map((request) => request.url).filter((u) => !known.has(u));
    await Promise.all([
      ...dropped.map((url) => Promise.all([db.delete('tiles', url), cache.delete(url)])),
      ...orphans.map((url) => cache.delete(url)),
    ]);
  }
}
