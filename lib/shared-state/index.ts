import 'server-only';
import { env } from '@/lib/env';
import type { SharedAnswers } from '@/lib/geocoding/lookup-cache';
import { RateGate } from '@/lib/geocoding/rate-gate';
import type { FileRevocationStore, RevocationStore } from '@/lib/session/revocations';
import { MemorySessionTokens, type SessionTokens } from '@/lib/session/session-tokens';
import { sharedRedis } from './redis-connection';
import { RedisLookupAnswers } from './redis-lookup-answers';
import { RedisRateGate } from './redis-rate-gate';
import { RedisRevocationStore, SharedRevocationStore } from './redis-revocations';
import { RedisSessionTokens } from './redis-session-tokens';

/**
 * The state that several instances must share, each piece built on this process's memory (no
 * REDIS_URL: one instance, nothing to install) or on Redis (REDIS_URL). Callers keep one of each
 * per process (processSingleton); what each piece does when Redis fails is in its module and in
 * the README ("Running several instances").
 */

/** Sign-outs: the local list always (memory + DATA_DIR), and Redis beside it when there is one. */
export function sharedRevocations(local: FileRevocationStore): RevocationStore {
  const redis = sharedRedis();
  if (!redis) return local;
  return new SharedRevocationStore(local, new RedisRevocationStore(redis, env.session.secret));
}

/** Each session's newest courier token and its renewal. */
export function sharedSessionTokens(): SessionTokens {
  const redis = sharedRedis();
  return redis ? new RedisSessionTokens(redis, env.session.secret) : new MemorySessionTokens();
}

/** Where a geocoder's answers are shared between instances (none without Redis). */
export function sharedLookupAnswers<V>(namespace: string): SharedAnswers<V> | undefined {
  const redis = sharedRedis();
  return redis && new RedisLookupAnswers<V>(redis, env.session.secret, namespace);
}

/** Calls spaced `intervalMs` apart across every instance (this process's alone without Redis). */
export function sharedRateGate(
  name: string,
  intervalMs: number,
  maxWaitMs: number,
): Pick<RateGate, 'take'> {
  const local = new RateGate(intervalMs, maxWaitMs);
  const redis = sharedRedis();
  if (!redis) return local;
  return new RedisRateGate(redis, `dq:gate:${name}`, intervalMs, maxWaitMs, local);
}

export { sharedAttemptLimiter, sharedCounterStore, sharedSignInThrottle } from './counters';
export { sharedStoreHealth, type SharedStoreHealth } from './store-health';
