import 'server-only';
import { createHash } from 'node:crypto';
import { env } from '@/lib/env';
import { cookieValues } from '@/lib/cookie-header';
import { SHELL_COOKIE } from '@/lib/offline/offline-screen';

/**
 * The dispatcher's session cookie: sealed by iron, httpOnly, first-party only. Over https it is
 * `__Host-dq_session`: browsers accept that name only from this very host, Secure, for `Path=/`
 * and with no Domain, so no sibling subdomain or narrower path can plant a cookie of that name
 * beside it. Over plain http (a tablet on the LAN) the prefix cannot be used, and the name is
 * `dq_session`.
 */
export const SESSION_COOKIE = 'dq_session';
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

export const sessionCookieName = (secure: boolean) =>
  secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;

/**
 * What the request's session cookie says: nothing, one value, or `ambiguous` when the cookie
 * comes more than once — a cookie planted for a narrower path or a parent domain beside the
 * app's own. Nobody can tell which of them the app set, so neither signs anyone in.
 */
export function readSessionCookie(
  headers: Headers,
  secure: boolean,
): { value?: string; ambiguous?: true } {
  const values = cookieValues(headers.get('cookie'), sessionCookieName(secure));
  if (values.length > 1) return { ambiguous: true };
  return values[0] ? { value: values[0] } : {};
}

/**
 * Served over https: the request's URL says so, or the proxy in front (X-Forwarded-Proto, in any
 * letter case), or an https APP_ORIGIN. The cookie is then Secure and takes the `__Host-` name.
 */
export function isSecureConnection(headers: Headers, url?: string): boolean {
  const forwarded = headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return (
    forwarded === 'https' ||
    (env.appOrigin?.startsWith('https:') ?? false) ||
    (url?.startsWith('https:') ?? false)
  );
}

export const isSecureRequest = (request: Request) =>
  isSecureConnection(request.headers, request.url);

function attributes(secure: boolean, maxAgeSeconds: number): string {
  // SameSite=Lax: sent when the dispatcher follows a link to the app, never on a cross-site POST.
  return `Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function sessionCookieHeader(
  sealed: string,
  { secure, maxAgeSeconds }: { secure: boolean; maxAgeSeconds: number },
): string {
  return `${sessionCookieName(secure)}=${sealed}; ${attributes(secure, Math.max(0, Math.round(maxAgeSeconds)))}`;
}

export function clearedSessionCookieHeader({ secure }: { secure: boolean }): string {
  return `${sessionCookieName(secure)}=; ${attributes(secure, 0)}`;
}

/**
 * The session's readable companion cookie (lib/offline/offline-screen.ts): tells the service
 * worker which session its kept copy of the screen belongs to. A one-way digest of the session id,
 * so that it names the session without revealing the id the server revokes it by; it signs no one
 * in and the server never reads it. Same path and lifetime as the session cookie, not httpOnly
 * (the worker reads it through the Cookie Store API), SameSite=Strict (never needed cross-site).
 */
export function shellKeyOf(sessionId: string): string {
  return createHash('sha256').update(`dq-shell:${sessionId}`).digest('base64url').slice(0, 22);
}

function shellAttributes(secure: boolean, maxAgeSeconds: number): string {
  return `Path=/; Max-Age=${Math.max(0, Math.round(maxAgeSeconds))}; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/** The companion cookie of a session, with the same lifetime as its session cookie. */
export function shellCookieHeader(
  sessionId: string,
  { secure, maxAgeSeconds }: { secure: boolean; maxAgeSeconds: number },
): string {
  return `${SHELL_COOKIE}=${shellKeyOf(sessionId)}; ${shellAttributes(secure, maxAgeSeconds)}`;
}

/** Removes both cookies of a session from the browser. */
export function clearedSessionCookieHeaders({ secure }: { secure: boolean }): string[] {
  return [
    clearedSessionCookieHeader({ secure }),
    `${SHELL_COOKIE}=; ${shellAttributes(secure, 0)}`,
  ];
}
