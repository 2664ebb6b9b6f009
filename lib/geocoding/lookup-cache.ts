import { LRUCache } from 'lru-cache';

export interface LookupCacheOptions {
  /** Most answers kept; the least recently used go first. */
  max: number;
  ttlMs: number;
}

export const DEFAULT_LOOKUP_CACHE: LookupCacheOptions = { max: 2_000, ttlMs: 6 * 3600_000 };

/**
 * Answers of an upstream geocoder, kept for a while (empty answers too), with concurrent identical
 * lookups sharing one upstream call. Failures are not kept: the next lookup tries again.
 */
export class LookupCache<V> {
  private readonly settled: LRUCache<string, { value: V }>;
  private readonly pending = new Map<string, Promise<V>>();

  constructor({ max, ttlMs }: LookupCacheOptions = DEFAULT_LOOKUP_CACHE) {
    this.settled = new LRUCache({ max, ttl: ttlMs });
  }

  get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.settled.get(key);
    if (hit) return Promise.resolve(hit.value);
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const loading = load()
      .then((value) => {
        this.settled.set(key, { value });
        return value;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, loading);
    return loading;
  }

  get size(): number {
    return this.settled.size;
  }
}
