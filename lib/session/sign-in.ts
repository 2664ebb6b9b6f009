import 'server-only';
import { randomBytes } from 'node:crypto';
import { courierLogin } from '@/lib/courier-client';
import { ApiError } from '@/lib/http/api-error';
import type { log as rootLog } from '@/lib/log';
import { processSingleton } from '@/lib/process-singleton';
import { ConcurrencyGate, GateFull } from '@/lib/rate-limit/concurrency-gate';
import { pauseBeforeRefusing } from '@/lib/rate-limit/refusal-pause';
import { sharedSignInThrottle } from '@/lib/rate-limit/shared-limits';
import type { AttemptOutcome, SignInThrottle } from '@/lib/rate-limit/sign-in-throttle';
import type { KnownDevice } from './device-cookie';
import type { SealedSession } from './sealed-session';
import type { SignInInput } from '@/lib/api/sign-in-schema';
import { rememberToken } from './token-cache';

type Logger = typeof rootLog;

/** Keys each of the sign-in throttle's four counters holds (about 2.4 MB each, allotted at start). */
const THROTTLE_CAPACITY = 65_536;

/**
 * Failed sign-ins, held back per (account, address), per address and per account
 * (lib/rate-limit/sign-in-throttle.ts has the policy), counted by every instance together with
 * REDIS_URL.
 */
export const signInThrottle = (): SignInThrottle =>
  processSingleton('sign-in-throttle', () => sharedSignInThrottle('sign-in', THROTTLE_CAPACITY));

/**
 * Sign-ins waiting on the courier at once. A flood of them cannot take the courier connections
 * that quotes need (the pool holds 64), and its excess is refused (after the refusal pause).
 * Attempts from an address where the account signed in lately go first.
 */
export const SIGN_INS_IN_FLIGHT = { concurrency: 8, queue: 8, priorityQueue: 32 } as const;
const signInsInFlight = () =>
  processSingleton('sign-ins-in-flight', () => new ConcurrencyGate(SIGN_INS_IN_FLIGHT));

/** Courier answers that say nothing about the password. */
const UNJUDGED = new Set<string>([
  'courier_unavailable',
  'courier_timeout',
  'courier_error',
  'rate_limited',
]);

const tooManyAttempts = (retryAfterSeconds: number) =>
  new ApiError('rate_limited', 'Too many sign-in attempts. Please wait and try again.', {
    retryAfterSeconds,
  });

/**
 * Signs a dispatcher in through the courier (once: never retried) and returns the new session to
 * seal in the cookie. Attempts are held back by the sign-in throttle; the courier is told the
 * dispatcher's address, and so is every later token renewal of the session. From a `device` where
 * the account signed in before (device-cookie.ts), failures count against that device alone, and
 * the courier is shown the device's last token as proof of that success.
 */
export async function signIn(
  { email, password }: SignInInput,
  { address, log, device }: { address: string; log: Logger; device?: KnownDevice },
): Promise<SealedSession> {
  const account = email.trim().toLowerCase();
  const attempt = await signInThrottle().begin(account, device ? `device:${device.id}` : address, {
    trusted: device !== undefined,
  });
  if (!attempt.allowed) {
    log.info(
      {
        signIn: 'refused',
        outcome: 'rate_limited',
        rule: attempt.rule,
        account,
        address,
        knownDevice: device !== undefined,
      },
      'sign-in refused',
    );
    await pauseBeforeRefusing();
    throw tooManyAttempts(attempt.retryAfterSeconds);
  }

  let login;
  try {
    login = await signInsInFlight().run(
      () =>
        courierLogin(
          { email, password },
          { log, clientAddress: address, earlierToken: device?.token },
        ),
      { priority: attempt.knownPair },
    );
  } catch (error) {
    const outcome =
      error instanceof ApiError ? error.code : error instanceof GateFull ? 'busy' : 'error';
    // The courier was down, slow, garbled or busy: the password was never judged, so the attempt
    // does not count. Otherwise a few retries during a courier outage would hold the dispatcher
    // back long after the courier is back.
    const settled: AttemptOutcome =
      UNJUDGED.has(outcome) || outcome === 'busy' ? 'unjudged' : 'failed';
    await attempt.settle(settled);
    log.info({ signIn: 'refused', outcome, account, address }, 'sign-in refused');
    if (error instanceof GateFull) {
      await pauseBeforeRefusing();
      throw new ApiError('courier_unavailable', 'Too many sign-ins at once. Please try again.', {
        retryAfterSeconds: 1,
      });
    }
    throw error;
  }
  await attempt.settle('succeeded');

  const sid = randomBytes(18).toString('base64url');
  await rememberToken(sid, login.token);
  const shownEmail = login.profile.email?.trim() || email;
  log.info({ signIn: 'ok', session: sid.slice(0, 8), account, address }, 'dispatcher signed in');
  return {
    v: 1,
    sid,
    user: {
      email: shownEmail,
      name: login.profile.name?.trim() || shownEmail.split('@')[0]!,
      ...(login.profile.zone ? { zone: login.profile.zone } : {}),
    },
    login: { email, password },
    ...(login.profile.clientId === undefined ? {} : { courierClientId: login.profile.clientId }),
    token: login.token,
    startedAt: Date.now(),
    address,
  };
}
