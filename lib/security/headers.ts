/**
 * The per-request security headers of a page, built by proxy.ts: the Content-Security-Policy with
 * this request's nonce, and HSTS over https. The headers that never change (nosniff, referrer,
 * permissions, framing, the data policy of /api and /courier) are in ./static-headers.js, sent by
 * next.config.js on every response. Pure, so that each directive can be tested without a server.
 *
 * Not server-only: holds no secret and reads no environment; proxy.ts hands it the public tile URL.
 */
import { HSTS } from './static-headers';

export interface SecurityHeaderOptions {
  /** A fresh random value per request; Next puts it on its own inline and bundle scripts. */
  nonce: string;
  /** NEXT_PUBLIC_TILE_URL, the Leaflet template the map's <img> tiles come from. */
  tileUrl: string;
  /** `next dev`: React needs eval() there to rebuild server stacks; never in production. */
  development: boolean;
  /** The browser reached the app over https (directly or through a proxy that said so). */
  https: boolean;
}

/**
 * The origin the map tiles come from, as a CSP source: `https://tile.openstreetmap.org`, or
 * `https://*.tile.openstreetmap.org` for a `{s}` subdomain template. Undefined when the tiles are
 * served by the app itself (a path such as `/tiles/{z}/{x}/{y}.png`), which 'self' already covers.
 */
export function tileSource(tileUrl: string): string | undefined {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(tileUrl.trim());
  if (!match) return undefined;
  const [, scheme, authority] = match as unknown as [string, string, string];
  // A placeholder in the host ({s}, {a-c}…) stands for any one label there.
  const host = authority.replace(/\{[^}]*\}/g, '*').toLowerCase();
  if (!/^(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/.test(host) || host.includes('*.*')) return undefined;
  return `${scheme!.toLowerCase()}://${host}`;
}

/**
 * The Content-Security-Policy, one directive per line with the reason it is there:
 * - default-src 'self': anything not named below (fetch of the manifest, workers, frames, media)
 *   comes from the app only.
 * - script-src 'nonce-…' 'strict-dynamic': only scripts Next marked with this request's nonce run,
 *   and the chunks they load; an injected <script> or inline handler does not. 'self' is for
 *   browsers without CSP 3 (which ignore it when 'strict-dynamic' is there).
 * - style-src 'self' 'unsafe-inline': Leaflet positions tiles and markers with style attributes,
 *   and React writes style props; no nonce here, since a nonce would make browsers ignore
 *   'unsafe-inline'. Styles cannot run code, so the remaining risk is page defacement only.
 * - worker-src 'self': the app's service worker (/sw.js). Needed: with 'strict-dynamic', script-src
 *   no longer trusts 'self', and worker-src would fall back to it.
 * - img-src 'self' data: blob: + the tile host: map tiles are <img> from the tile server; Leaflet
 *   and the icons use data: and blob: URLs.
 * - connect-src 'self': the browser talks to the app's /api only; the courier and the geocoders
 *   are called by the server.
 * - font-src 'self', object-src 'none', base-uri 'none', form-action 'self': no plug-ins, no
 *   <base> hijacking of relative URLs, forms post to the app only.
 * - frame-ancestors 'none': no other site can frame the app (clickjacking of the sign-in form).
 * - upgrade-insecure-requests, over https only: over plain http (a tablet on the LAN reaching
 *   http://192.168.1.20:3000) it would send the page's own requests to an https port that does
 *   not exist.
 */
export function contentSecurityPolicy({
  nonce,
  tileUrl,
  development,
  https,
}: SecurityHeaderOptions): string {
  const tiles = tileSource(tileUrl);
  const directives = [
    `default-src 'self'`,
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? ` 'unsafe-eval'` : ''}`,
    `style-src 'self' 'unsafe-inline'`,
    `worker-src 'self'`,
    `img-src 'self' data: blob:${tiles ? ` ${tiles}` : ''}`,
    `connect-src 'self'`,
    `font-src 'self'`,
    `object-src 'none'`,
    `base-uri 'none'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
    ...(https ? ['upgrade-insecure-requests'] : []),
  ];
  return directives.join('; ');
}

/** The headers proxy.ts puts on a page's response, by lower-case name. */
export function pageSecurityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(options),
    ...(options.https ? { 'strict-transport-security': HSTS } : {}),
  };
}

/** A nonce of 128 random bits, in the base64 form CSP and Next's nonce reader expect. */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/**
 * Whether the browser reached the app over https: the request's own URL, the first hop of
 * X-Forwarded-Proto (set by the reverse proxy that terminates TLS), or an https APP_ORIGIN.
 * A client forging X-Forwarded-Proto over plain http only earns an HSTS header its browser ignores
 * there.
 */
export function servedOverHttps(request: Request, appOrigin: string | undefined): boolean {
  const forwarded = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return (
    new URL(request.url).protocol === 'https:' ||
    forwarded === 'https' ||
    (appOrigin?.startsWith('https:') ?? false)
  );
}
