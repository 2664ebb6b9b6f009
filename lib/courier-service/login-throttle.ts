import 'server-only';
import { availableParallelism } from 'node:os';
import { ConcurrencyGate } from '../rate-limit/concurrency-gate';
import type { SignInThrottle } from '../rate-limit/sign-in-throttle';
import { sharedSignInThrottle } from '../rate-limit/shared-limits';
import { processSingleton } from '../process-singleton';

/**
 * The built-in courier's defences around its logins: failed logins are held back by the same
 * policy as the dispatch app's sign-in (lib/rate-limit/sign-in-throttle.ts), counted per user and
 * per end-user address within each API client; and password checks — scrypt, tens of
 * milliseconds of CPU each — run a few at a time, so a flood of logins cannot starve quotations.
 */

/** Keys each of the throttle's four counters holds (about 2.4 MB each, allotted at start). */
const THROTTLE_CAPACITY = 65_536;

export const loginThrottle = (): SignInThrottle =>
  processSingleton('courier-service:login-throttle', () =>
    // Counted by every instance together with REDIS_URL: a guesser gains nothing by spreading.
    sharedSignInThrottle('courier-login', THROTTLE_CAPACITY),
  );

/**
 * Password checks at once: half the cores (at least one), so the other half stays free for
 * quotations. A few more wait; beyond those, a login is answered -160 (after a pause:
 * refusal-pause.ts). Logins from an address where the user logged in lately (a dispatcher's
 * session renewing its token) go first and have a longer queue of their own.
 */
export const PASSWORD_CHECKS = {
  concurrency: Math.max(1, Math.floor(availableParallelism() / 2)),
  queue: 4,
  priorityQueue: 64,
} as const;

export const passwordChecks = (): ConcurrencyGate =>
  processSingleton('courier-service:password-checks', () => new ConcurrencyGate(PASSWORD_CHECKS));
