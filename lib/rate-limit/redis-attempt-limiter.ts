import 'server-only';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { AttemptAllowance, AttemptLimiter } from './attempt-limiter';
import { noteRedisFailure, RedisTimeout, withinRedisTimeout } from '@/lib/redis/fallback';
import { sharedKey } from '@/lib/redis/keys';

/**
 * An allowance per key counted by every instance together (rate-limiter-flexible's
 * RateLimiterRedis, a fixed window), with an in-memory insurance limiter of the same allowance
 * that counts for this instance alone while Redis is down or slower than REDIS_TIMEOUT_MS.
 */
export function redisAttemptLimiter(
  redis: Redis,
  secret: string,
  name: string,
  { attempts, windowSeconds }: AttemptAllowance,
): AttemptLimiter {
  const insurance = new RateLimiterMemory({ points: attempts, duration: windowSeconds });
  const limiter = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `dq:limit:${name}`,
    points: attempts,
    duration: windowSeconds,
    // Down: to the insurance at once rather than a queued call.
    rejectIfRedisNotReady: true,
    insuranceLimiter: insurance,
  });
  return {
    async consume(key) {
      try {
        // When Redis fails the call, rate-limiter-flexible asks the insurance instead; when it
        // is slower than REDIS_TIMEOUT_MS, so do we.
        const counted = limiter.consume(sharedKey(secret, 'limit', name, key));
        counted.catch(() => {});
        await withinRedisTimeout(counted).catch(async (error: unknown) => {
          if (!(error instanceof RedisTimeout)) throw error;
          noteRedisFailure(`limit ${name}`, error);
          await insurance.consume(sharedKey(secret, 'limit', name, key));
        });
        return { allowed: true };
      } catch (refusal) {
        if (refusal instanceof RateLimiterRes) {
          return {
            allowed: false,
            retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)),
          };
        }
        // Neither Redis nor the insurance could count: let the lookup through.
        noteRedisFailure(`limit ${name}`, refusal);
        return { allowed: true };
      }
    },
  };
}
