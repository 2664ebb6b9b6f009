import 'server-only';
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/**
 * Counts attempts per key (an e-mail, a client address) in a fixed window. The store behind it is
 * rate-limiter-flexible's: in memory for one server process; with several instances, hand
 * `attemptLimiter` a `RateLimiterRedis` (same points and duration, `storeClient: redis`) and every
 * instance shares one count.
 */
export interface AttemptLimiter {
  /** Spends one attempt; refused with the seconds to wait once the window's attempts are spent. */
  consume(key: string): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }>;
  /** Gives one attempt back (a sign-in that succeeded should not count against the dispatcher). */
  reward(key: string): Promise<void>;
}

export function attemptLimiter(store: RateLimiterAbstract): AttemptLimiter {
  return {
    async consume(key) {
      try {
        await store.consume(key);
        return { allowed: true };
      } catch (refusal) {
        if (refusal instanceof RateLimiterRes) {
          return {
            allowed: false,
            retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)),
          };
        }
        // The store itself failed (e.g. Redis down): let the attempt through rather than lock
        // every dispatcher out; the courier still checks the password.
        return { allowed: true };
      }
    },
    async reward(key) {
      try {
        await store.reward(key);
      } catch {
        // A lost reward only makes the limit a little stricter.
      }
    },
  };
}

export function memoryAttemptLimiter({
  attempts,
  windowSeconds,
  keyPrefix,
}: {
  attempts: number;
  windowSeconds: number;
  keyPrefix: string;
}): AttemptLimiter {
  return attemptLimiter(
    new RateLimiterMemory({ points: attempts, duration: windowSeconds, keyPrefix }),
  );
}
