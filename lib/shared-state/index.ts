import 'server-only';
import { env } from '@/lib/env';
import type { SharedAnswers } from '@/lib/geocoding/lookup-cache';
import { RateGate } from '@/lib/geocoding/rate-gate';
import {
  memoryAttemptLimiter,
  type AttemptAllowance,
  type AttemptLimiter,
} from '@/lib/rate-limit/attempt-limiter';
import { MemoryCounterStore, type CounterStore } from '@/lib/rate-limit/counter-store';
import { SignInThrottle } from '@/lib/rate-limit/sign-in-throttle';
import type { RevocationStore } from '@/lib/session/revocations';
import { MemorySessionTokens, type SessionTokens } from '@/lib/session/session-tokens';
import { redisAttemptLimiter } from './redis-attempt-limiter';
import { sharedRedis } from './redis-connection';
import { InsuredCounterStore, RedisCounterStore } from './redis-counter-store';
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
export function sharedRevocations(local: RevocationStore): RevocationStore {
  const redis = sharedRedis();
  if (!redis) return local;
  return new SharedRevocationStore(local, new RedisRevocationStore(redis, env.session.secret));
}

/** Each session's newest courier token and its renewal. */
export function sharedSessionTokens(): SessionTokens {
  const redis = sharedRedis();
  return redis ? new RedisSessionTokens(redis, env.session.secret) : new MemorySessionTokens();
}

/** A per-key counter in fixed windows, insured by a bounded one in memory. */
export function sharedCounterStore(name: string, capacity: number): CounterStore {
  const memory = new MemoryCounterStore({ capacity });
  const redis = sharedRedis();
  if (!redis) return memory;
  return new InsuredCounterStore(
    new RedisCounterStore(redis, env.session.secret, name),
    memory,
    `counter ${name}`,
  );
}

/** The sign-in throttle's four counters (lib/rate-limit/sign-in-throttle.ts) under `name`. */
export function sharedSignInThrottle(name: string, capacity: number): SignInThrottle {
  return new SignInThrottle({
    pairs: sharedCounterStore(`${name}:pairs`, capacity),
    addresses: sharedCounterStore(`${name}:addresses`, capacity),
    accounts: sharedCounterStore(`${name}:accounts`, capacity),
    knownPairs: sharedCounterStore(`${name}:known-pairs`, capacity),
  });
}

/** An allowance per key (rate-limiter-flexible in Redis, with an in-memory insurance). */
export function sharedAttemptLimiter(
  name: string,
  allowance: AttemptAllowance & { capacity: number },
): AttemptLimiter {
  const redis = sharedRedis();
  if (!redis) return memoryAttemptLimiter(allowance);
  return redisAttemptLimiter(redis, env.session.secret, name, allowance);
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

export { sharedStoreHealth, type SharedStoreHealth } from './store-health';
