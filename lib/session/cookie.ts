import 'server-only';
import { appOrigin } from '@/lib/http/api-route';

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
