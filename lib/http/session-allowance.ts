import 'server-only';
import { processSingleton } from '@/lib/process-singleton';
import type { AttemptAllowance } from '@/lib/rate-limit/attempt-limiter';
import { ApiError } from './api-error';

/** Sessions an allowance counts at once; more are counted by giving up the oldest windows. */
const SESSIONS_COUNTED = 16_384;

/**
 * A signed-in session's allowance of one kind of request (address lookups, routes), counted by
 * every instance together with REDIS_URL: the function it returns spends one for the session, and
 * throws 429 rate_limited with the wait once the allowance is spent. The store's module is loaded
 * at the first spend, not with this one: the configuration it reads (lib/env.ts) is read once,
 * when first loaded, and the callers' constants are read before that.
 */
export function sessionAllowance(
  name: string,
  allowance: AttemptAllowance,
  refusal: string,
): (sessionId: string) => Promise<void> {
  return async (sessionId) => {
    const { sharedAttemptLimiter } = await import('@/lib/rate-limit/shared-limits');
    const limiter = processSingleton(`allowance:${name}`, () =>
      sharedAttemptLimiter(name, { ...allowance, capacity: SESSIONS_COUNTED }),
    );
    const verdict = await limiter.consume(sessionId);
    if (!verdict.allowed) {
      throw new ApiError('rate_limited', refusal, {
        retryAfterSeconds: verdict.retryAfterSeconds,
      });
    }
  };
}
