import 'server-only';
import { courierLogin, CourierTokenRejected, type CourierToken } from '@/lib/courier-client';
import { ApiError } from '@/lib/http/api-error';
import type { log as rootLog } from '@/lib/log';
import { sessionEndsAt, type SealedSession } from './sealed-session';
import { rememberToken, sessionState } from './token-cache';

type Logger = typeof rootLog;

/** The signed-in dispatcher, as route handlers see it. */
export interface DispatcherSession {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  /** The dispatcher's home zone as the courier names it (e.g. "cdmx"), when it said. */
  readonly zone?: string;
  /** When the session ends and the dispatcher must sign in again (epoch ms). */
  readonly endsAt: number;
  /**
   * Runs a courier call with a valid access token: renewed first when it is about to expire, and
   * renewed once more (then retried once) when the courier says it expired anyway.
   */
  withCourierToken<T>(call: (accessToken: string) => Promise<T>): Promise<T>;
}

export const sessionExpired = () =>
  new ApiError('session_expired', 'Your session has ended. Please sign in again.');

/** A session read from its sealed cookie; remembers whether the cookie needs rewriting. */
export class CookieSession implements DispatcherSession {
  /** The cookie carries an older token than the one in use: send the browser a fresh cookie. */
  cookieOutdated = false;

  constructor(
    private sealed: SealedSession,
    private readonly log: Logger,
  ) {}

  get id() {
    return this.sealed.sid;
  }
  get email() {
    return this.sealed.user.email;
  }
  get name() {
    return this.sealed.user.name;
  }
  get zone() {
    return this.sealed.user.zone;
  }
  get endsAt() {
    return sessionEndsAt(this.sealed);
  }
  /** The session as it should now be sealed. */
  get current(): SealedSession {
    return this.sealed;
  }

  async withCourierToken<T>(call: (accessToken: string) => Promise<T>): Promise<T> {
    const token = await this.freshToken();
    try {
      return await call(token.value);
    } catch (error) {
      if (!(error instanceof CourierTokenRejected)) throw error;
      this.log.info({ courierCode: error.code }, 'courier token rejected: renewing once');
    }
    const renewed = await this.renewToken(token.value);
    try {
      return await call(renewed.value);
    } catch (error) {
      // A token the courier issued a moment ago and rejects at once: nothing more to try.
      if (error instanceof CourierTokenRejected) throw sessionExpired();
      throw error;
    }
  }

  private adopt(token: CourierToken): CourierToken {
    const { value, expiresAt } = this.sealed.token;
    if (token.value !== value || token.expiresAt !== expiresAt) {
      this.sealed = { ...this.sealed, token };
      this.cookieOutdated = true;
    }
    return token;
  }

  /** The newest token known for this session, renewed first when it is due. */
  private async freshToken(): Promise<CourierToken> {
    const cached = sessionState().latestTokens.get(this.id);
    const newest =
      cached && cached.expiresAt > this.sealed.token.expiresAt ? cached : this.sealed.token;
    if (Date.now() < newest.renewAt) return this.adopt(newest);
    return this.renewToken(newest.value);
  }

  /**
   * One courier login per session however many requests find the token stale at once: they join
   * the renewal in flight, or take the token another request has just obtained.
   */
  private async renewToken(staleValue: string): Promise<CourierToken> {
    const state = sessionState();
    const inFlight = state.renewals.get(this.id);
    if (inFlight) return this.adopt(await inFlight);
    const cached = state.latestTokens.get(this.id);
    if (cached && cached.value !== staleValue && Date.now() < cached.renewAt) {
      return this.adopt(cached);
    }
    if (Date.now() >= this.endsAt) throw sessionExpired();

    const renewal = courierLogin(this.sealed.login, { log: this.log })
      .then((login) => {
        rememberToken(this.id, login.token);
        this.log.info('courier token renewed');
        return login.token;
      })
      .catch((error: unknown) => {
        // The password changed or the account was closed since sign-in: only the dispatcher can
        // fix that, by signing in again.
        if (error instanceof ApiError && error.code === 'invalid_credentials')
          throw sessionExpired();
        throw error;
      })
      .finally(() => {
        if (state.renewals.get(this.id) === renewal) state.renewals.delete(this.id);
      });
    state.renewals.set(this.id, renewal);
    return this.adopt(await renewal);
  }
}
