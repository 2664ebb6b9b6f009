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
 */
const PERMISSIONS_POLICY = [
  'geolocation=(self)',
  'camera=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'bluetooth=()',
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
 * The service worker's script (/sw.js): asked again on every update check and every use, never
 * taken from an HTTP cache (a worker kept for a year would keep every dispatcher on an old build).
 * Browsers already skip their HTTP cache for it; a proxy or CDN in front is told the same.
 */
const WORKER_SCRIPT_HEADERS = { 'cache-control': 'no-cache' };

/** Two years, as browsers' preload lists ask; without includeSubDomains, which is the operator's call. */
const HSTS = `max-age=${2 * 365 * 24 * 3600}`;

/**
 * next.config.js `headers()`: the static headers everywhere, the data policy on /api and /courier,
 * HSTS wherever the TLS-terminating proxy said the request came over https.
 * @returns {{ source: string, has?: { type: 'header', key: string, value: string }[], headers: { key: string, value: string }[] }[]}
 */
function staticHeaderRules() {
  const list = (/** @type {Record<string, string>} */ record) =>
    Object.entries(record).map(([key, value]) => ({ key, value }));
  const dataPolicy = list({ 'content-security-policy': DATA_CONTENT_SECURITY_POLICY });
  return [
    { source: '/:path*', headers: list(STATIC_SECURITY_HEADERS) },
    { source: '/api/:path*', headers: dataPolicy },
    { source: '/courier/:path*', headers: dataPolicy },
    { source: '/sw.js', headers: list(WORKER_SCRIPT_HEADERS) },
    {
      source: '/:path*',
      has: [{ type: 'header', key: 'x-forwarded-proto', value: 'https(,.*)?' }],
      headers: list({ 'strict-transport-security': HSTS }),
    },
  ];
}

module.exports = {
  PERMISSIONS_POLICY,
  STATIC_SECURITY_HEADERS,
  DATA_CONTENT_SECURITY_POLICY,
  WORKER_SCRIPT_HEADERS,
  HSTS,
  staticHeaderRules,
};
