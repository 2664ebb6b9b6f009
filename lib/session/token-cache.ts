import 'server-only';
import { LRUCache } from 'lru-cache';
import type { CourierToken } from '@/lib/courier-client';
import { env } from '@/lib/env';
import { processSingleton } from '@/lib/process-singleton';

/**
 * Per-process session state that the cookie cannot carry:
 * - the newest courier token of each session (by issue order), so that requests still carrying a
 *   cookie with an older token (sent before the renewed cookie arrived, from a second tab, or by a
 *   browser that never stores the renewed cookie) use the newest one instead of signing in again;
 * - the renewal in flight per session, so that concurrent requests share one courier login;
 * - sessions signed out before their cookie expired.
 */
export const sessionState = () =>
  processSingleton('session-state', () => ({
    latestTokens: new LRUCache<string, CourierToken>({ max: 50_000 }),
    renewals: new Map<string, Promise<CourierToken>>(),
    signedOut: new LRUCache<string, true>({
      max: 100_000,
      ttl: (env.session.maxAgeSeconds + 60) * 1000,
    }),
  }));

/** Keeps `token` as the session's newest unless a token issued after it is already kept. */
export function rememberToken(sessionId: string, token: CourierToken): void {
  const { latestTokens } = sessionState();
  const kept = latestTokens.get(sessionId);
  if (kept && kept.issuedAt >= token.issuedAt) return;
  latestTokens.set(sessionId, token, { ttl: Math.max(1, token.expiresAt - Date.now()) });
}
