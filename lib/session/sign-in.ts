import 'server-only';
import { randomBytes } from 'node:crypto';
import { courierLogin } from '@/lib/courier-client';
import { ApiError } from '@/lib/http/api-error';
import type { log as rootLog } from '@/lib/log';
import { processSingleton } from '@/lib/process-singleton';
import { memoryAttemptLimiter, type AttemptLimiter } from '@/lib/rate-limit/attempt-limiter';
import type { SealedSession } from './sealed-session';
import type { SignInInput } from './sign-in-schema';
import { rememberToken } from './token-cache';

type Logger = typeof rootLog;

/** Attempts per window before sign-in is refused (successful sign-ins are given back). */
export const SIGN_IN_LIMITS = {
  perEmail: { attempts: 5, windowSeconds: 15 * 60 },
  perAddress: { attempts: 20, windowSeconds: 15 * 60 },
} as const;

/** Swap these for Redis-backed limiters (see attempt-limiter.ts) when running several instances. */
export const signInLimiters = (): { perEmail: AttemptLimiter; perAddress: AttemptLimiter } =>
  processSingleton('sign-in-limiters', () => ({
    perEmail: memoryAttemptLimiter({ ...SIGN_IN_LIMITS.perEmail, keyPrefix: 'sign-in:email' }),
    perAddress: memoryAttemptLimiter({
      ...SIGN_IN_LIMITS.perAddress,
      keyPrefix: 'sign-in:address',
    }),
  }));

/** Courier failures that say nothing about the password. */
const COURIER_FAULTS = new Set<string>(['courier_unavailable', 'courier_timeout', 'courier_error']);

async function spendSignInAttempt(emailKey: string, address: string): Promise<void> {
  const limiters = signInLimiters();
  const [byEmail, byAddress] = await Promise.all([
    limiters.perEmail.consume(emailKey),
    limiters.perAddress.consume(address),
  ]);
  const waits = [byEmail, byAddress].flatMap((result) =>
    result.allowed ? [] : [result.retryAfterSeconds],
  );
  if (waits.length > 0) {
    throw new ApiError('rate_limited', 'Too many sign-in attempts. Please wait and try again.', {
      retryAfterSeconds: Math.max(...waits),
    });
  }
}

/**
 * Signs a dispatcher in through the courier (once: never retried) and returns the new session to
 * seal in the cookie. Attempts are counted per e-mail and per client address.
 */
export async function signIn(
  { email, password }: SignInInput,
  { address, log }: { address: string; log: Logger },
): Promise<SealedSession> {
  const emailKey = email.toLowerCase();
  await spendSignInAttempt(emailKey, address);
  const limiters = signInLimiters();
  const giveAttemptBack = () =>
    Promise.all([limiters.perEmail.reward(emailKey), limiters.perAddress.reward(address)]);
  let login;
  try {
    login = await courierLogin({ email, password }, { log, clientAddress: address });
  } catch (error) {
    const outcome = error instanceof ApiError ? error.code : 'error';
    log.info({ signIn: 'refused', outcome }, 'sign-in refused');
    // The courier was down, slow or garbled: the password was never judged, so the attempt does
    // not count. Otherwise a few retries during a courier outage would lock the dispatcher out
    // for the whole window after the courier is back.
    if (COURIER_FAULTS.has(outcome)) await giveAttemptBack();
    throw error;
  }
  await giveAttemptBack();

  const sid = randomBytes(18).toString('base64url');
  rememberToken(sid, login.token);
  const shownEmail = login.profile.email?.trim() || email;
  log.info({ signIn: 'ok', session: sid.slice(0, 8) }, 'dispatcher signed in');
  return {
    v: 1,
    sid,
    user: {
      email: shownEmail,
      name: login.profile.name?.trim() || shownEmail.split('@')[0]!,
      ...(login.profile.zone ? { zone: login.profile.zone } : {}),
    },
    login: { email, password },
    token: login.token,
    startedAt: Date.now(),
  };
}
