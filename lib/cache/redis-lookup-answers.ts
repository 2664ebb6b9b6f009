import 'server-only';
import type { Redis } from 'ioredis';
import { env } from '@/lib/env';
import { sharedRedis } from '@/lib/redis/connection';
import type { SharedAnswers } from './lookup-cache';
import { orWhenRedisFails } from '@/lib/redis/fallback';
import { sharedKey } from '@/lib/redis/keys';

/**
 * A geocoder's answers in Redis (JSON, expiring like the local cache's): a place looked up through
 * one instance is not asked of the geocoder again by another. Keyed by an HMAC of the lookup (a
 * search text, rounded coordinates). Redis failing: nothing is found or kept there, and the lookup
 * goes to the geocoder as with one instance.
 */
export class RedisLookupAnswers<V> implements SharedAnswers<V> {
  constructor(
    private readonly redis: Redis,
    private readonly secret: string,
    /** Provider and kind of lookup, e.g. `nominatim:reverse`. */
    private readonly namespace: string,
  ) {}

  private key(key: string) {
    return sharedKey(this.secret, `geo:${this.namespace}`, key);
  }

  get(key: string): Promise<{ value: V } | undefined> {
    return orWhenRedisFails(
      'geocoder cache',
      async () => {
        const stored = await this.redis.get(this.key(key));
        return stored === null ? undefined : { value: JSON.parse(stored) as V };
      },
      () => undefined,
    );
  }

  set(key: string, value: V, ttlMs: number): Promise<void> {
    return orWhenRedisFails(
      'geocoder cache',
      async () => void (await this.redis.set(this.key(key), JSON.stringify(value), 'PX', ttlMs)),
      () => undefined,
    );
  }
}

/** Where a lookup's answers are shared between instances (none without Redis). */
export function sharedLookupAnswers<V>(namespace: string): SharedAnswers<V> | undefined {
  const redis = sharedRedis();
  return redis && new RedisLookupAnswers<V>(redis, env.session.secret, namespace);
}
