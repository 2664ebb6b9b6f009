import 'server-only';
import { LRUCache } from 'lru-cache';
import type { CourierToken } from '@/lib/courier-client';
import { env } from '@/lib/env';
import { log } from '@/lib/log';
import { processSingleton } from '@/lib/process-singleton';
import { FileRevocationStore, type RevocationStore } from './revocations';

/**
 * Per-process session state that the cookie cannot carry:
 * - the newest courier token of each session (by issue order), so that requests still carrying a
 *   cookie with an older token (sent before the renewed cookie arrived, from a second tab, or by a
 *   browser that never stores the renewed cookie) use the newest one instead of signing in again;
 * - the renewal in flight per session, so that concurrent requests share one courier login (an
 *   entry lives as long as its login).
 * Sign-outs, which must survive a restart, are in `revocations()`.
 */
export const sessionState = () =>
  processSingleton('session-state', () => ({
    latestTokens: new LRUCache<string, CourierToken>({ max: 50_000 }),
    renewals: new Map<string, Promise<CourierToken>>(),
  }));

/** Sessions signed out before their cookie expired: in DATA_DIR, so a restart keeps them. */
export const revocations = (): RevocationStore =>
  processSingleton(
    'session-revocations',
    () =>
      new FileRevocationStore({
        dir: env.dataDir,
        maxSessions: 50_000,
        maxAccounts: 50_000,
        log,
      }),
  );

/** Keeps `token` as the session's newest unless a token issued after it is already kept. */
export function rememberToken(sessionId: string, token: CourierToken): void {
  const { latestTokens } = sessionState();
  const kept = latestTokens.get(sessionId);
  if (kept && kept.issuedAt >= token.issuedAt) return;
  latestTokens.set(sessionId, token, { ttl: Math.max(1, token.expiresAt - Date.now()) });
}
