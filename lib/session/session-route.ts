import 'server-only';
import { ApiError, errorResponse } from '@/lib/http/api-error';
import { apiRoute, type RequestContext } from '@/lib/http/api-route';
import {
  clearedSessionCookieHeader,
  isSecureRequest,
  readCookie,
  SESSION_COOKIE,
  sessionCookieHeader,
} from './cookie';
import { CookieSession, sessionExpired, type DispatcherSession } from './dispatcher-session';
import { sealSession, sessionEndsAt, unsealSession, type SealedSession } from './sealed-session';
import { sessionState } from './token-cache';

export type { DispatcherSession } from './dispatcher-session';

const unauthenticated = () => new ApiError('unauthenticated', 'Please sign in first.');

/**
 * The signed-in session of a cookie value: unauthenticated when there is none (or it is not ours,
 * or was signed out), session_expired once SESSION_MAX_AGE has passed since sign-in.
 */
export async function sessionFromCookie(value: string | undefined): Promise<SealedSession> {
  if (!value) throw unauthenticated();
  const sealed = await unsealSession(value);
  if (!sealed || sessionState().signedOut.has(sealed.sid)) throw unauthenticated();
  if (Date.now() >= sessionEndsAt(sealed)) throw sessionExpired();
  return sealed;
}

/** A Set-Cookie header carrying the session, valid until the session ends. */
export async function sessionCookieFor(request: Request, sealed: SealedSession): Promise<string> {
  return sessionCookieHeader(await sealSession(sealed), {
    secure: isSecureRequest(request),
    maxAgeSeconds: (sessionEndsAt(sealed) - Date.now()) / 1000,
  });
}

/** Forgets a session on this server: its cookie no longer signs anyone in. */
export function endSession(sessionId: string): void {
  const state = sessionState();
  state.signedOut.set(sessionId, true);
  state.latestTokens.delete(sessionId);
}

function withCookie(response: Response, cookie: string): Response {
  response.headers.append('set-cookie', cookie);
  return response;
}

/**
 * apiRoute for the routes that need a signed-in dispatcher. Reads the session from the request's
 * cookie (Web Request only, so any server can serve it), answers 401 without one, and sends the
 * browser a fresh cookie whenever the courier token was renewed during the request.
 */
export function sessionRoute(
  handler: (
    request: Request,
    session: DispatcherSession,
    context: RequestContext,
  ) => Promise<Response>,
): (request: Request) => Promise<Response> {
  return apiRoute(async (request, context) => {
    const cookie = readCookie(request, SESSION_COOKIE);
    const clearCookie = clearedSessionCookieHeader({ secure: isSecureRequest(request) });
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
      return cookie ? withCookie(errorResponse(error), clearCookie) : errorResponse(error);
    }

    let response: Response;
    try {
      response = await handler(request, session, context);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === 'session_expired') {
        endSession(session.id);
        return withCookie(errorResponse(error), clearCookie);
      }
      response = errorResponse(error);
    }
    if (session.cookieOutdated) {
      response = withCookie(response, await sessionCookieFor(request, session.current));
    }
    return response;
  });
}

/**
 * Signs the request's session out on this server and returns the Set-Cookie header that removes
 * it from the browser. Without a valid session there is nothing to forget; the cookie is cleared
 * anyway.
 */
export async function signOut(request: Request): Promise<string> {
  await endSessionOf(request);
  return clearedSessionCookieHeader({ secure: isSecureRequest(request) });
}

/** Ends the session the request's cookie carries, if any (signing in again replaces it). */
export async function endSessionOf(request: Request): Promise<void> {
  const value = readCookie(request, SESSION_COOKIE);
  const sealed = value ? await unsealSession(value) : undefined;
  if (sealed) endSession(sealed.sid);
}
