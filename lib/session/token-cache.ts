import 'server-only';
import type { CourierToken } from '@/lib/courier-client';
import { env } from '@/lib/env';
import { log } from '@/lib/log';
import { processSingleton } from '@/lib/process-singleton';
import { sharedRevocations } from './redis-revocations';
import { sharedSessionTokens } from './redis-session-tokens';
import { FileRevocationStore, type RevocationStore } from './revocations';
import type { SessionTokens } from './session-tokens';

/**
 * Session state that the cookie cannot carry, one of each per process: each session's newest
 * courier token and its renewal (session-tokens.ts), and the sessions signed out before their
 * cookie expired. In this process's memory, or shared by every instance with REDIS_URL
 * (./redis-session-tokens.ts, ./redis-revocations.ts).
 */
export const sessionTokens = (): SessionTokens =>
  processSingleton('session-tokens', () => sharedSessionTokens());

/** Sessions signed out before their cookie expired: in DATA_DIR (a restart keeps them), and Redis. */
export const revocations = (): RevocationStore =>
  processSingleton('session-revocations', () =>
    sharedRevocations(
      new FileRevocationStore({
        dir: env.dataDir,
        maxSessions: 50_000,
        maxAccounts: 50_000,
        log,
      }),
    ),
  );

/** Keeps `token` as the session's newest unless a token issued after it is already kept. */
export function rememberToken(sessionId: string, token: CourierToken): Promise<void> {
  return sessionTokens().remember(sessionId, token);
}
