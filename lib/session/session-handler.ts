import 'server-only';
import { sealData, unsealData } from 'iron-session';
import { z } from 'zod';
import { env } from '@/lib/env';
import { ApiError, errorResponse } from '@/lib/http/api-error';
import { apiHandler, type RequestContext } from '@/lib/http/api-handler';
import { cookieValues } from '@/lib/cookie-header';
import {
  clearedSessionCookieHeaders,
  isSecureRequest,
  readSessionCookie,
  sessionCookieHeader,
  shellCookieHeader,
} from './cookie';
import { CookieSession, sessionExpired, type DispatcherSession } from './dispatcher-session';
import { accountKey, type SessionRef } from './revocations';
import {
  sealSession,
  sessionEndsAt,
  sessionMaxAgeMs,
  unsealSession,
  type SealedSession,
} from './sealed-session';
import { revocations, sessionTokens } from './token-cache';

export type { DispatcherSession } from './dispatcher-session';

const unauthenticated = () => new ApiError('unauthenticated', 'Please sign in first.');

/** What the revocation list knows a session by. */
const sessionRef = (sealed: SealedSession): SessionRef => ({
  sid: sealed.sid,
  account: accountKey(sealed.login.email, env.session.secret),
  startedAt: sealed.startedAt,
});

/**
 * The signed-in session of a cookie: unauthenticated when there is none (or it is not ours, or
 * comes twice, or was signed out), session_expired once SESSION_MAX_AGE has passed since sign-in.
 */
export async function sessionFromCookie(cookie: {
  value?: string;
  ambiguous?: true;
}): Promise<SealedSession> {
  if (!cookie.value) throw unauthenticated();
  const sealed = await unsealSession(cookie.value);
  if (!sealed || (await revocations().isRevoked(sessionRef(sealed)))) throw unauthenticated();
  if (Date.now() >= sessionEndsAt(sealed)) throw sessionExpired();
  return sealed;
}

/** The request's session cookie, as route handlers and pages both read it (lib/session/cookie.ts). */
export const sessionCookieOf = (request: Request) =>
  readSessionCookie(request.headers, isSecureRequest(request));

/** A Set-Cookie header carrying the session, valid until the session ends. */
export async function sessionCookieFor(request: Request, sealed: SealedSession): Promise<string> {
  return sessionCookieHeader(await sealSession(sealed), cookieLifetime(request, sealed));
}

/**
 * At sign-in, the session cookie and its companion for the offline screen (lib/offline/
 * offline-screen.ts), both valid until the session ends. A token renewal rewrites the session
 * cookie only: the companion names the session, which stays the same.
 */
export async function sessionCookiesFor(
  request: Request,
  sealed: SealedSession,
): Promise<string[]> {
  return [
    await sessionCookieFor(request, sealed),
    shellCookieHeader(sealed.sid, cookieLifetime(request, sealed)),
  ];
}

function cookieLifetime(request: Request, sealed: SealedSession) {
  return {
    secure: isSecureRequest(request),
    maxAgeSeconds: (sessionEndsAt(sealed) - Date.now()) / 1000,
  };
}

/** Appends every Set-Cookie header to the response (one header per cookie). */
export function withCookies(response: Response, cookies: readonly string[]): Response {
  for (const cookie of cookies) response.headers.append('set-cookie', cookie);
  return response;
}

/** Signs one session out: its cookie signs nobody in any more, on this server, after a restart too. */
export async function endSession(sealed: SealedSession): Promise<void> {
  await sessionTokens().forget(sealed.sid);
  // Kept until the cookie would have expired anyway (plus the seal's minute of grace).
  await revocations().revokeSession(sessionRef(sealed), sessionEndsAt(sealed) + 60_000);
}

/**
 * Signs out every session of the dispatcher's courier account started until `upTo` (now by
 * default), on every device (dispatchers who share one courier account share this too). Sessions
 * started afterwards work.
 */
export async function endEverySession(email: string, upTo: number = Date.now()): Promise<void> {
  await revocations().revokeAccount(
    accountKey(email, env.session.secret),
    upTo,
    upTo + sessionMaxAgeMs() + 60_000,
  );
}

/**
 * apiHandler for the routes that need a signed-in dispatcher. Reads the session from the request's
 * cookie (Web Request only, so any server can serve it), answers 401 without one, and sends the
 * browser a fresh cookie whenever the courier token was renewed during the request.
 */
export function sessionHandler(
  handler: (
    request: Request,
    session: DispatcherSession,
    context: RequestContext,
  ) => Promise<Response>,
): (request: Request) => Promise<Response> {
  return apiHandler(async (request, context) => {
    const cookie = sessionCookieOf(request);
    const clearCookies = clearedSessionCookieHeaders({ secure: isSecureRequest(request) });
    let session: CookieSession;
    try {
      const sealed = await sessionFromCookie(cookie);
      // A prefix of the random session id: enough to follow one session through the logs.
      session = new CookieSession(
        sealed,
        context.log.child({ session: sealed.sid.slice(0, 8) }),
        context.address,
      );
    } catch (error) {
      // A cookie that no longer signs anyone in is removed from the browser.
      return cookie.value || cookie.ambiguous
        ? withCookies(errorResponse(error), clearCookies)
        : errorResponse(error);
    }

    let response: Response;
    try {
      response = await handler(request, session, context);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === 'session_expired') {
        await endSession(session.current);
        return withCookies(errorResponse(error), clearCookies);
      }
      response = errorResponse(error);
    }
    if (session.cookieOutdated) {
      response = withCookies(response, [await sessionCookieFor(request, session.current)]);
    }
    return response;
  });
}

/** The request's session if its cookie holds a valid one (signed out, expired or none: undefined). */
async function validSessionOf(request: Request): Promise<SealedSession | undefined> {
  try {
    return await sessionFromCookie(sessionCookieOf(request));
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------- signing out everywhere

/**
 * Right after signing out on a device, the sign-in page offers to sign out everywhere. The
 * session's cookie is gone by then, so the sign-out leaves a short-lived sealed note in its place:
 * "this browser signed this account's session `sid` out at this moment". It allows that one thing,
 * for SIGN_OUT_NOTE_SECONDS, and nothing else: the sessions it ends are those started no later
 * than the sign-out it records, so a note replayed later (by the next person on a shared tablet,
 * say) never ends a session started after it.
 */
const SIGN_OUT_NOTE = 'dq_signed_out';
export const SIGN_OUT_NOTE_SECONDS = 10 * 60;
const signOutNoteSchema = z.object({
  v: z.literal(2),
  email: z.string(),
  sid: z.string(),
  at: z.number(),
});
export type SignOutNote = z.output<typeof signOutNoteSchema>;

const noteName = (secure: boolean) => (secure ? `__Host-${SIGN_OUT_NOTE}` : SIGN_OUT_NOTE);
const noteAttributes = (secure: boolean, maxAge: number) =>
  `Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;

async function signOutNoteCookie(request: Request, ended: SealedSession): Promise<string> {
  const secure = isSecureRequest(request);
  const note: SignOutNote = { v: 2, email: ended.login.email, sid: ended.sid, at: Date.now() };
  const sealed = await sealData(note, { password: env.session.secret, ttl: SIGN_OUT_NOTE_SECONDS });
  return `${noteName(secure)}=${sealed}; ${noteAttributes(secure, SIGN_OUT_NOTE_SECONDS)}`;
}

const clearedSignOutNote = (request: Request) => {
  const secure = isSecureRequest(request);
  return `${noteName(secure)}=; ${noteAttributes(secure, 0)}`;
};

/** The account a fresh, genuine sign-out note in these headers speaks for. */
export async function signOutNoteAccount(
  headers: Headers,
  secure: boolean,
): Promise<string | undefined> {
  return (await signOutNoteOf(headers, secure))?.email;
}

/** A fresh, genuine sign-out note in these headers. */
async function signOutNoteOf(headers: Headers, secure: boolean): Promise<SignOutNote | undefined> {
  const values = cookieValues(headers.get('cookie'), noteName(secure));
  if (values.length !== 1 || !values[0]) return undefined;
  try {
    const data = await unsealData<unknown>(values[0], {
      password: env.session.secret,
      ttl: SIGN_OUT_NOTE_SECONDS,
    });
    const note = signOutNoteSchema.safeParse(data);
    if (!note.success || Date.now() - note.data.at > SIGN_OUT_NOTE_SECONDS * 1000) return undefined;
    return note.data;
  } catch {
    return undefined;
  }
}

/**
 * Signs the request's session out and returns the Set-Cookie headers: the session's cookie
 * removed and, when there was a session, the sign-out note. Without a valid session there is
 * nothing to forget; the cookie is cleared anyway.
 */
export async function signOut(request: Request): Promise<string[]> {
  const sealed = await validSessionOf(request);
  const cleared = clearedSessionCookieHeaders({ secure: isSecureRequest(request) });
  if (!sealed) return cleared;
  await endSession(sealed);
  return [...cleared, await signOutNoteCookie(request, sealed)];
}

/**
 * Signs out every session of the account of the request's session (those started until now), or
 * of its sign-out note (those started until the sign-out the note records); unauthenticated
 * without either. Returns the Set-Cookie headers that clear both.
 */
export async function signOutEverywhere(
  request: Request,
  log: RequestContext['log'],
): Promise<string[]> {
  const sealed = await validSessionOf(request);
  const note = sealed ? undefined : await signOutNoteOf(request.headers, isSecureRequest(request));
  const email = sealed?.login.email ?? note?.email;
  if (!email) throw unauthenticated();
  await endEverySession(email, note?.at ?? Date.now());
  if (sealed) await sessionTokens().forget(sealed.sid);
  log.info({ signOut: 'everywhere', account: email.trim().toLowerCase() }, 'signed out everywhere');
  return [
    ...clearedSessionCookieHeaders({ secure: isSecureRequest(request) }),
    clearedSignOutNote(request),
  ];
}

/** Ends the session the request's cookie carries, if any (signing in again replaces it). */
export async function endSessionOf(request: Request): Promise<void> {
  const sealed = await validSessionOf(request);
  if (sealed) await endSession(sealed);
}
