import 'server-only';
import { LRUCache } from 'lru-cache';
import { courierLogin, CourierTokenRejected, type CourierToken } from '@/lib/courier-client';
import { ApiError } from '@/lib/http/api-error';
import type { log as rootLog } from '@/lib/log';
import { processSingleton } from '@/lib/process-singleton';
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
  /** The courier's `idClient` of the dispatcher's account, when its login said: their team. */
  readonly courierClientId?: number;
  /** When the session ends and the dispatcher must sign in again (epoch ms). */
  readonly endsAt: number;
  /**
   * Runs a courier call with a valid access token: renewed first when it is about to expire; when
   * the courier rejects it, replaced by a newer token at hand or by a real login, and the call is
   * retried. The session ends only when a token a login issued to replace a rejected one is
   * refused before the courier took it, or the password no longer works (docs/courier-api.md,
   * "Token renewal in the dispatch app").
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

/**
 * A renewal the courier refused (too many attempts, unavailable, garbled): the session is not
 * ended for it. It keeps the token it holds while that is still accepted, and asks the courier
 * again after a back-off that doubles from RENEWAL_BACK_OFF_MS up to RENEWAL_BACK_OFF_MAX_MS
 * (or what the courier asked for, when longer), per session on this instance.
 */
export const RENEWAL_BACK_OFF_MS = 5_000;
export const RENEWAL_BACK_OFF_MAX_MS = 5 * 60_000;
const renewalBackOffs = () =>
  processSingleton(
    'session:renewal-back-offs',
    () =>
      new LRUCache<string, { until: number; refusals: number }>({
        max: 50_000,
        ttl: RENEWAL_BACK_OFF_MAX_MS * 2,
      }),
  );

/** What a quote is answered while the courier will not renew an expired token: try again soon. */
const renewalRefused = (retryAfterMs: number) =>
  new ApiError(
    'courier_unavailable',
    'The courier is not renewing this session’s access right now. Try again in a moment.',
    { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) },
  );

/**
 * Per session, the token a login issued to replace a rejected one, until the courier first takes
 * it (this instance's). Until then it answers every rejection of the session's older tokens
 * without another login, and a rejection of it ends the session, whichever request meets it:
 * requests of one burst that reach the courier late (under load, or after the first of them ended
 * the session) would otherwise each renew the token they hold, one login apiece.
 */
const unprovenReplacements = () =>
  processSingleton(
    'session:unproven-replacements',
    () => new LRUCache<string, CourierToken>({ max: 50_000, ttl: RENEWAL_BACK_OFF_MAX_MS }),
  );

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
  get courierClientId() {
    return this.sealed.courierClientId;
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
        const answer = await call(inHand.token.value);
        if (unprovenReplacements().get(this.id)?.value === inHand.token.value) {
          unprovenReplacements().delete(this.id);
        }
        return answer;
      } catch (error) {
        if (!(error instanceof CourierTokenRejected)) throw error;
        // The courier refuses a token issued to replace a rejected one before it ever took it (for
        // this very retry, or for another request of the session): signing in again would only
        // repeat that, so the dispatcher is asked to.
        const unproven = unprovenReplacements().get(this.id)?.value === inHand.token.value;
        if (inHand.issuedForRetry || unproven) throw sessionExpired();
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
    const token = Date.now() < newest.renewAt ? newest : await this.renewOrKeep(newest);
    return { token: this.adopt(token), issuedForRetry: false, afterRejection: false };
  }

  /**
   * A renewal of the due token `due`; when the courier refuses it (anything but a wrong password),
   * `due` itself while the courier still accepts it. Once `due` has expired, the refusal stands
   * (renewWithBackOff): the session stays, and a later request renews.
   */
  private async renewOrKeep(due: CourierToken): Promise<CourierToken> {
    try {
      return await this.renewWithBackOff(due);
    } catch (error) {
      const refused = error instanceof ApiError && error.code !== 'session_expired';
      if (!refused || Date.now() >= due.expiresAt) throw error;
      this.log.info('courier token not renewed: the session keeps its token while it is accepted');
      return due;
    }
  }

  /**
   * A login for a token issued after `due`, unless the courier refused the session's last
   * renewal less than a back-off ago. A refusal (anything but a wrong password) is answered
   * courier_unavailable with the back-off as Retry-After, never by ending the session: the
   * back-off doubles from RENEWAL_BACK_OFF_MS to RENEWAL_BACK_OFF_MAX_MS, or is what the courier
   * asked for when longer.
   */
  private async renewWithBackOff(due: CourierToken): Promise<CourierToken> {
    const backOffs = renewalBackOffs();
    const held = backOffs.get(this.id);
    if (held && Date.now() < held.until) throw renewalRefused(held.until - Date.now());
    try {
      const renewed = await this.login(due);
      backOffs.delete(this.id);
      return renewed;
    } catch (error) {
      if (!(error instanceof ApiError) || error.code === 'session_expired') throw error;
      const refusals = (held?.refusals ?? 0) + 1;
      const waitMs = Math.max(
        Math.min(RENEWAL_BACK_OFF_MS * 2 ** (refusals - 1), RENEWAL_BACK_OFF_MAX_MS),
        (error.details.retryAfterSeconds ?? 0) * 1000,
      );
      backOffs.set(this.id, { until: Date.now() + waitMs, refusals });
      this.log.warn(
        { renewal: 'refused', outcome: error.code, refusals, retryInMs: waitMs },
        'courier refused the token renewal: the session tries again after a back-off',
      );
      throw renewalRefused(waitMs);
    }
  }

  /**
   * What replaces a token the courier rejected: the token a login issued to replace an older
   * rejected one, while the courier has not yet taken it; at the first rejection of a request, a
   * token issued after it that this process keeps (unless a login is already in flight); else a
   * real login, shared with the session's other requests.
   */
  private async replaceRejected(rejected: TokenInHand): Promise<TokenInHand> {
    const replacement = unprovenReplacements().get(this.id);
    if (replacement && replacement.issuedAt > rejected.token.issuedAt) {
      return { token: this.adopt(replacement), issuedForRetry: false, afterRejection: true };
    }
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
    const issued = await this.renewWithBackOff(rejected.token);
    unprovenReplacements().set(this.id, issued);
    return { token: this.adopt(issued), issuedForRetry: true, afterRejection: true };
  }

  /**
   * A token issued after `due`: one courier login for this session however many requests need
   * it at once — they join the login in flight, on this instance or (with REDIS_URL) on another.
   */
  private login(due: CourierToken): Promise<CourierToken> {
    if (Date.now() >= this.endsAt) return Promise.reject(sessionExpired());
    return sessionTokens().renewOnce(this.id, due.issuedAt, () =>
      // Renewals are the server's own: no sign-in limit of this app applies to them; the courier
      // is told the address the dispatcher signed in from, and shown the session's token.
      courierLogin(this.sealed.login, {
        log: this.log,
        clientAddress: this.sealed.address ?? this.requestAddress,
        // The token being renewed (expired or not) proves the session's earlier success to the
        // courier. Each renewal shows a newer one, so the courier's count for one proof (5 failures
        // per 15 minutes) never gathers a whole shift's renewals.
        earlierToken: due.value,
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
