// @ts-check
/**
 * The security headers that are the same on every response, in plain CommonJS so that both
 * next.config.js (which Node loads as it is) and lib/security/headers.ts can read them.
 *
 * next.config.js sends them on every response (pages, /api, /courier, static files) with no code
 * run per request; proxy.ts adds the per-request parts to pages only: the nonce'd
 * Content-Security-Policy and HSTS.
 */

/**
 * The browser features the app may use: geolocation for "use my location" on its own pages, and
 * nothing else (no camera, microphone, payment, sensors or USB, for it or for anything it embeds).
 * Only features Chromium knows: one it does not (`bluetooth`, not in its list) puts a warning in
 * the console of every page ("Unrecognized feature"), and protects nothing.
 */
const PERMISSIONS_POLICY = [
  'geolocation=(self)',
  'camera=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
  'display-capture=()',
  'browsing-topics=()',
].join(', ');

/** Every response's headers, by lower-case name. */
const STATIC_SECURITY_HEADERS = {
  // A JSON error or an uploaded-looking text is never sniffed into HTML or script.
  'x-content-type-options': 'nosniff',
  // Other sites learn the app's origin at most, never a path with a query (a searched address).
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': PERMISSIONS_POLICY,
  // For browsers that predate frame-ancestors.
  'x-frame-options': 'DENY',
  // A window the app opens (or that opens it) gets no handle on it.
  'cross-origin-opener-policy': 'same-origin',
};

/**
 * The policy of the JSON answers of /api and /courier: they are data, never a document, so nothing
 * may load or run in them even if a browser were tricked into rendering one, and no site may frame
 * them.
 */
const DATA_CONTENT_SECURITY_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The policy of whatever is served at a path that ends in a file extension, where the proxy does
 * not run (icons, the manifest, and Next's HTML 404 page for `/wp-login.php` and the like): styles
 * and images of the app itself, and no script at all — a page there works without one.
 */
const FILE_CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'self'; img-src 'self' data:; font-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * A path whose last segment has a file extension, outside Next's own static files (which need no
 * policy: they are scripts and styles loaded by pages that have one), the data routes and the
 * service worker (a worker's script brings its own policy, and this one would forbid its fetches).
 * Path-to-regexp syntax, as next.config.js `headers()` reads it.
 */
const FILE_PATH_SOURCE = '/:file((?!_next/|api/|courier/|sw\\.js$).*\\.\\w+)';

/** Any letter case: proxies write `https`, some `HTTPS`. Next's `has` values are regular expressions. */
const HTTPS_FORWARDED = '[Hh][Tt][Tt][Pp][Ss](\\s*,.*)?';

/**
 * The service worker's script (/sw.js): asked again on every update check and every use, never
 * taken from an HTTP cache (a worker kept for a year would keep every dispatcher on an old build).
 * Browsers already skip their HTTP cache for it; a proxy or CDN in front is told the same.
 */
const WORKER_SCRIPT_HEADERS = { 'cache-control': 'no-cache' };

/** Two years, as browsers' preload lists ask; without includeSubDomains, which is the operator's call. */
const HSTS = `max-age=${2 * 365 * 24 * 3600}`;

/**
 * next.config.js `headers()`: the static headers everywhere, the data policy on /api and /courier,
 * the file policy at paths with an extension, HSTS wherever the TLS-terminating proxy said the request came over https.
 * @returns {{ source: string, has?: { type: 'header', key: string, value: string }[], headers: { key: string, value: string }[] }[]}
 */
function staticHeaderRules() {
  const list = (/** @type {Record<string, string>} */ record) =>
    Object.entries(record).map(([key, value]) => ({ key, value }));
  const dataPolicy = list({ 'content-security-policy': DATA_CONTENT_SECURITY_POLICY });
  return [
    { source: '/:path*', headers: list(STATIC_SECURITY_HEADERS) },
    // Before the data policy: for the same header, Next lets the later rule win.
    {
      source: FILE_PATH_SOURCE,
      headers: list({ 'content-security-policy': FILE_CONTENT_SECURITY_POLICY }),
    },
    { source: '/api/:path*', headers: dataPolicy },
    { source: '/courier/:path*', headers: dataPolicy },
    { source: '/sw.js', headers: list(WORKER_SCRIPT_HEADERS) },
    {
      source: '/:path*',
      has: [{ type: 'header', key: 'x-forwarded-proto', value: HTTPS_FORWARDED }],
      headers: list({ 'strict-transport-security': HSTS }),
    },
  ];
}

module.exports = {
  PERMISSIONS_POLICY,
  STATIC_SECURITY_HEADERS,
  DATA_CONTENT_SECURITY_POLICY,
  FILE_CONTENT_SECURITY_POLICY,
  FILE_PATH_SOURCE,
  WORKER_SCRIPT_HEADERS,
  HSTS,
  staticHeaderRules,
};
