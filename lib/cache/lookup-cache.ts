import { LRUCache } from 'lru-cache';

export interface LookupCacheOptions {
  /** Most answers kept; the least recently used go first. */
  max: number;
  ttlMs: number;
}

export const DEFAULT_LOOKUP_CACHE: LookupCacheOptions = { max: 2_000, ttlMs: 6 * 3600_000 };

/**
 * Answers kept where every instance finds them (Redis, ./redis-lookup-answers.ts).
 * A failing store answers "nothing kept" and keeps nothing: the lookup goes upstream as usual.
 */
export interface SharedAnswers<V> {
  get(key: string): Promise<{ value: V } | undefined>;
  set(key: string, value: V, ttlMs: number): Promise<void>;
}

/**
 * Answers of an upstream (a geocoder, a road router), kept for a while (empty answers too), with
 * concurrent identical lookups sharing one upstream call. Failures are not kept: the next lookup tries again.
 */
export class LookupCache<V> {
  private readonly settled: LRUCache<string, { value: V }>;
  private readonly pending = new Map<string, Promise<V>>();

  private readonly ttlMs: number;

  constructor(
    { max, ttlMs }: LookupCacheOptions = DEFAULT_LOOKUP_CACHE,
    /** Answers shared with other instances, looked at after this process's own. */
    private readonly shared?: SharedAnswers<V>,
  ) {
    this.settled = new LRUCache({ max, ttl: ttlMs });
    this.ttlMs = ttlMs;
  }

  get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.settled.get(key);
    if (hit) return Promise.resolve(hit.value);
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const loading = this.loadOnce(key, load).finally(() => this.pending.delete(key));
    this.pending.set(key, loading);
    return loading;
  }

  private async loadOnce(key: string, load: () => Promise<V>): Promise<V> {
    const kept = await this.shared?.get(key);
    if (kept) {
      this.settled.set(key, kept);
      return kept.value;
    }
    const value = await load();
    this.settled.set(key, { value });
    await this.shared?.set(key, value, this.ttlMs);
    return value;
  }

  get size(): number {
    return this.settled.size;
  }
}
