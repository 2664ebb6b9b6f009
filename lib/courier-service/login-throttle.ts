import 'server-only';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { processSingleton } from '../process-singleton';

/**
 * Failed logins allowed per window before the courier answers -165 (HTTP 429): per user, against
 * guessing one dispatcher's password, and per client address, against trying many users.
 */
export const LOGIN_FAILURE_LIMITS = {
  perUser: { failures: 5, windowSeconds: 15 * 60 },
  perAddress: { failures: 20, windowSeconds: 15 * 60 },
} as const;

const limiters = processSingleton('courier-service:login-throttle', () => ({
  user: new RateLimiterMemory({
    keyPrefix: 'courier-login-user',
    points: LOGIN_FAILURE_LIMITS.perUser.failures,
    duration: LOGIN_FAILURE_LIMITS.perUser.windowSeconds,
  }),
  address: new RateLimiterMemory({
    keyPrefix: 'courier-login-address',
    points: LOGIN_FAILURE_LIMITS.perAddress.failures,
    duration: LOGIN_FAILURE_LIMITS.perAddress.windowSeconds,
  }),
}));

const userKey = (user: string) => user.trim().toLowerCase();

/** Seconds until this user may try again from this address, or undefined when not blocked. */
export async function loginBlockedFor(user: string, address: string): Promise<number | undefined> {
  const [byUser, byAddress] = await Promise.all([
    limiters.user.get(userKey(user)),
    limiters.address.get(address),
  ]);
  const waits = [
    byUser && byUser.consumedPoints >= LOGIN_FAILURE_LIMITS.perUser.failures
      ? byUser.msBeforeNext
      : 0,
    byAddress && byAddress.consumedPoints >= LOGIN_FAILURE_LIMITS.perAddress.failures
      ? byAddress.msBeforeNext
      : 0,
  ];
  const wait = Math.max(...waits);
  return wait > 0 ? Math.ceil(wait / 1000) : undefined;
}

export async function recordFailedLogin(user: string, address: string): Promise<void> {
  await Promise.all([
    limiters.user.penalty(userKey(user), 1),
    limiters.address.penalty(address, 1),
  ]);
}

/** A successful login forgets the user's earlier failures (the address keeps its count). */
export async function forgetFailedLogins(user: string): Promise<void> {
  await limiters.user.delete(userKey(user));
}
