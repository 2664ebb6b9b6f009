import 'server-only';
import { LRUCache } from 'lru-cache';
import type { CourierToken } from '@/lib/courier-client';
import { env } from '@/lib/env';
import { processSingleton } from '@/lib/process-singleton';

/**
 * Per-process session state that the cookie cannot carry:
 * - the latest courier token of each session, so that requests still carrying a cookie with the
 *   previous token (sent before the renewed cookie arrived) use the new one instead of signing in
 *   again;
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

export function rememberToken(sessionId: string, token: CourierToken): void {
  const ttl = Math.max(1, token.expiresAt - Date.now());
  sessionState().latestTokens.set(sessionId, token, { ttl });
}
