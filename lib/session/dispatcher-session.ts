import 'server-only';
import { courierLogin, CourierTokenRejected, type CourierToken } from '@/lib/courier-client';
import { ApiError } from '@/lib/http/api-error';
import type { log as rootLog } from '@/lib/log';
import { sessionEndsAt, type SealedSession } from './sealed-session';
import { sessionTokens } from './token-cache';

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
   * Runs a courier call with a valid access token: renewed first when it is about to expire; when
   * the courier rejects it, replaced by a newer token at hand or by a real login, and the call is
   * retried. The session ends only when a token issued for this very retry is refused at once, or
   * the password no longer works (docs/courier-api.md, "Token renewal in the dispatch app").
   */
  withCourierToken<T>(call: (accessToken: string) => Promise<T>): Promise<T>;
}

/** The token a call is made with, and whether a login was made for this very retry. */
interface TokenInHand {
  token: CourierToken;
  /** A login obtained it after the call's previous token was rejected (shared logins included). */
  issuedForRetry: boolean;
  /** It replaces a token the courier rejected on this request: if refused too, a login follows. */
  afterRejection: boolean;
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
    /** The address of the request at hand: renewals of older cookies name it to the courier. */
    private readonly requestAddress: string,
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
    let inHand = await this.currentToken();
    for (;;) {
      try {
        return await call(inHand.token.value);
      } catch (error) {
        if (!(error instanceof CourierTokenRejected)) throw error;
        // The courier issued this token for this very retry and refuses it at once: signing in
        // again would only repeat that, so the dispatcher is asked to.
        if (inHand.issuedForRetry) throw sessionExpired();
        this.log.info(
          { courierCode: error.code, tokenIssuedAt: new Date(inHand.token.issuedAt).toISOString() },
          'courier token rejected: replacing it',
        );
        inHand = await this.replaceRejected(inHand);
      }
    }
  }

  /** Makes `token` the one the session's cookie carries; the browser is sent a fresh cookie. */
  private adopt(token: CourierToken): CourierToken {
    if (token.value !== this.sealed.token.value) {
      this.sealed = { ...this.sealed, token };
      this.cookieOutdated = true;
    }
    return token;
  }

  /**
   * The newest token known for this session by issue order — the cookie's, or the one this
   * process keeps — renewed first when it is due.
   */
  private async currentToken(): Promise<TokenInHand> {
    const cookieToken = this.sealed.token;
    const kept = await sessionTokens().newest(this.id);
    const newest = kept && kept.issuedAt > cookieToken.issuedAt ? kept : cookieToken;
    // A newer token in the cookie than the server keeps (issued before a restart, or kept by an
    // instance that has since lost it) is kept too, for the requests that still carry an older
    // cookie.
    if (newest === cookieToken && kept?.issuedAt !== cookieToken.issuedAt) {
      await sessionTokens().remember(this.id, cookieToken);
    }
    const token = Date.now() < newest.renewAt ? newest : await this.login(newest.issuedAt);
    return { token: this.adopt(token), issuedForRetry: false, afterRejection: false };
  }

  /**
   * What replaces a token the courier rejected: at the first rejection of a request, a token
   * issued after it that this process keeps (unless a login is already in flight); else a real
   * login, shared with the session's other requests.
   */
  private async replaceRejected(rejected: TokenInHand): Promise<TokenInHand> {
    const tokens = sessionTokens();
    const kept = rejected.afterRejection
      ? undefined
      : await tokens.newest(this.id, { everywhere: true });
    const usable =
      !tokens.renewing(this.id) &&
      kept !== undefined &&
      kept.issuedAt > rejected.token.issuedAt &&
      Date.now() < kept.renewAt;
    if (usable) return { token: this.adopt(kept), issuedForRetry: false, afterRejection: true };
    return {
      token: this.adopt(await this.login(rejected.token.issuedAt)),
      issuedForRetry: true,
      afterRejection: true,
    };
  }

  /**
   * A token issued after `after`: one courier login for this session however many requests need
   * it at once — they join the login in flight, on this instance or (with REDIS_URL) on another.
   */
  private login(after: number): Promise<CourierToken> {
    if (Date.now() >= this.endsAt) return Promise.reject(sessionExpired());
    return sessionTokens().renewOnce(this.id, after, () =>
      // Renewals are the server's own: no sign-in limit of this app applies to them, and the
      // courier is told the address the dispatcher signed in from, which it has seen succeed.
      courierLogin(this.sealed.login, {
        log: this.log,
        clientAddress: this.sealed.address ?? this.requestAddress,
      })
        .then((login) => {
          this.log.info('courier token renewed');
          return login.token;
        })
        .catch((error: unknown) => {
          // The password changed or the account was closed since sign-in: only the dispatcher
          // can fix that, by signing in again.
          if (error instanceof ApiError && error.code === 'invalid_credentials')
            throw sessionExpired();
          throw error;
        }),
    );
  }
}
