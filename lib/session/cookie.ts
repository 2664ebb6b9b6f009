import 'server-only';
import { env } from '@/lib/env';

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
 * Every value a Cookie header gives `name`, in order. Pages and route handlers both read cookies
 * through this one parser, so they can never disagree about which cookie counts.
 */
export function cookieValues(header: string | null | undefined, name: string): string[] {
  if (!header) return [];
  const values: string[] = [];
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    if (part.slice(0, at).trim() === name) values.push(part.slice(at + 1).trim());
  }
  return values;
}

/** The value of one cookie of the request, if it carries it (the first, if several). */
export function readCookie(request: Request, name: string): string | undefined {
  return cookieValues(request.headers.get('cookie'), name)[0] || undefined;
}

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
