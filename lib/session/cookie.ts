import 'server-only';
import { createHash } from 'node:crypto';
import { appOrigin } from '@/lib/http/api-route';
import { SHELL_COOKIE } from '@/lib/offline/offline-screen';

/** The dispatcher's session cookie: sealed by iron, httpOnly, first-party only. */
export const SESSION_COOKIE = 'dq_session';

/** The value of one cookie of the request, if it carries it. */
export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    if (part.slice(0, at).trim() === name) return part.slice(at + 1).trim() || undefined;
  }
  return undefined;
}

/** Served over https (directly, or behind a proxy that says so): the cookie is then Secure. */
export function isSecureRequest(request: Request): boolean {
  const forwarded = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim();
  return forwarded === 'https' || appOrigin(request).startsWith('https:');
}

function attributes(secure: boolean, maxAgeSeconds: number): string {
  // SameSite=Lax: sent when the dispatcher follows a link to the app, never on a cross-site POST.
  return `Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function sessionCookieHeader(
  sealed: string,
  { secure, maxAgeSeconds }: { secure: boolean; maxAgeSeconds: number },
): string {
  return `${SESSION_COOKIE}=${sealed}; ${attributes(secure, Math.max(0, Math.round(maxAgeSeconds)))}`;
}

export function clearedSessionCookieHeader({ secure }: { secure: boolean }): string {
  return `${SESSION_COOKIE}=; ${attributes(secure, 0)}`;
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
