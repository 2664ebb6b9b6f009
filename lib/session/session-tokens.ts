import 'server-only';
import { LRUCache } from 'lru-cache';
import type { CourierToken } from '@/lib/courier-client';

/**
 * What the server keeps of each session beside its cookie:
 * - the newest courier token (by issue order), so that requests still carrying a cookie with an
 *   older token (sent before the renewed cookie arrived, from a second tab, or by a browser that
 *   never stores the renewed cookie) use the newest one instead of signing in again;
 * - the renewal in flight, so that concurrent requests share one courier login.
 *
 * In this process by default (`MemorySessionTokens`); with REDIS_URL, shared by every instance
 * (./redis-session-tokens.ts), the renewal included: one login per session across
 * all of them.
 */
export interface SessionTokens {
  /**
   * The newest token kept for the session. With `everywhere`, asks the shared store even when this
   * process holds a token that is not due yet (a token the courier just rejected, say).
   */
  newest(sid: string, options?: { everywhere?: boolean }): Promise<CourierToken | undefined>;
  /** Keeps `token` as the session's newest, unless a token issued after it is kept already. */
  remember(sid: string, token: CourierToken): Promise<void>;
  forget(sid: string): Promise<void>;
  /** Whether this process is renewing the session's token right now. */
  renewing(sid: string): boolean;
  /**
   * A token issued after `after` (epoch ms) that is not due: from the renewal in flight for the
   * session if there is one, else from `login`, which this call then makes (and remembers).
   */
  renewOnce(sid: string, after: number, login: () => Promise<CourierToken>): Promise<CourierToken>;
}

/** Whether `token` was issued after `after` (the token found due) and is not due itself. */
export function renewedAfter(token: CourierToken, after: number): boolean {
  return token.issuedAt > after && Date.now() < token.renewAt;
}

export class MemorySessionTokens implements SessionTokens {
  private readonly latest = new LRUCache<string, CourierToken>({ max: 50_000 });
  private readonly renewals = new Map<string, Promise<CourierToken>>();

  async newest(sid: string): Promise<CourierToken | undefined> {
    return this.latest.get(sid);
  }

  /** The newest token this process holds (no await: the shared store's local layer uses it). */
  newestHere(sid: string): CourierToken | undefined {
    return this.latest.get(sid);
  }

  async remember(sid: string, token: CourierToken): Promise<void> {
    this.rememberHere(sid, token);
  }

  rememberHere(sid: string, token: CourierToken): void {
    const kept = this.latest.get(sid);
    if (kept && kept.issuedAt >= token.issuedAt) return;
    this.latest.set(sid, token, { ttl: Math.max(1, token.expiresAt - Date.now()) });
  }

  async forget(sid: string): Promise<void> {
    this.latest.delete(sid);
  }

  renewing(sid: string): boolean {
    return this.renewals.has(sid);
  }

  renewOnce(sid: string, after: number, login: () => Promise<CourierToken>) {
    return this.joinOrStart(sid, after, async () => {
      const token = await login();
      this.rememberHere(sid, token);
      return token;
    });
  }

  /**
   * A token issued after `after` for `sid`: the one this process kept if a renewal finished since
   * the caller found its token due, else the renewal in flight, else a new one made by `renew`.
   */
  joinOrStart(
    sid: string,
    after: number,
    renew: () => Promise<CourierToken>,
  ): Promise<CourierToken> {
    const kept = this.latest.get(sid);
    if (kept && renewedAfter(kept, after)) return Promise.resolve(kept);
    const inFlight = this.renewals.get(sid);
    if (inFlight) return inFlight;
    const renewal = renew().finally(() => {
      if (this.renewals.get(sid) === renewal) this.renewals.delete(sid);
    });
    this.renewals.set(sid, renewal);
    return renewal;
  }
}
