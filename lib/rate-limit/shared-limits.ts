import 'server-only';
import { env } from '@/lib/env';
import {
  memoryAttemptLimiter,
  type AttemptAllowance,
  type AttemptLimiter,
} from './attempt-limiter';
import { MemoryCounterStore, type CounterStore } from './counter-store';
import { SignInThrottle } from './sign-in-throttle';
import { redisAttemptLimiter } from './redis-attempt-limiter';
import { sharedRedis } from '@/lib/redis/connection';
import { InsuredCounterStore, RedisCounterStore } from './redis-counter-store';

/**
 * The limits and throttles, on this process's memory or shared through Redis (REDIS_URL): the
 * dispatch app's and the built-in courier's alike.
 */

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
