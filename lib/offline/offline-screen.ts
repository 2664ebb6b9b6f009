/**
 * The quote screen kept for opening without a network. `/` is rendered by the server for the
 * dispatcher whose session cookie came with the request, so a copy of it belongs to that session
 * and to no one else. The rules the worker follows:
 *
 * - Sign-in sets, beside the httpOnly session cookie, a readable `dq_shell` cookie with the same
 *   lifetime: a one-way digest of the session id, not a credential (it signs no one in, and the
 *   server never reads it). Sign-out and a session that ends clear both.
 * - The worker keeps one copy of the screen, labelled with the `dq_shell` value it was fetched
 *   under, and only when every build file it names is in the worker's precache (a page of another
 *   build could not start offline).
 * - Offline, the copy is served only when the browser still holds a `dq_shell` cookie with that
 *   very value: never after sign-out (the button clears it and the kept copy even offline), never
 *   once the session's lifetime has passed (the cookie expires with it), never to another
 *   dispatcher who signed in since (another session, another value). A browser whose worker cannot
 *   read cookies (no Cookie Store API) never gets the copy.
 * - Online, the network always wins, and a sign-in page instead of the screen (a redirect) drops
 *   the copy.
 *
 * Pure helpers here; the worker (service-worker.ts) and the sign-out button use them.
 */

/** The readable companion of the session cookie (set and cleared by lib/session/cookie.ts). */
export const SHELL_COOKIE = 'dq_shell';

/** Cache names of the kept screen start with this; the rest names the worker's build. */
export const SCREEN_CACHE_PREFIX = 'dq-screen-';

/** Header the worker adds to its copy: the `dq_shell` value the copy was fetched under. */
export const SHELL_KEY_HEADER = 'x-dq-shell-key';

/**
 * Server-Timing entry the kept copy carries: a page reads it from its navigation timing to know it
 * was opened from the copy (the network failed or did not answer in time), not from the server.
 */
export const KEPT_COPY_TIMING = 'dq-kept-copy';

/** Every build file (/_next/static/…) a page's HTML names: its scripts, styles and preloads. */
export function buildFilesNamedIn(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/\/_next\/static\/[^"'\s<>()\\]+/g)) {
    // A query (Next's ?dpl=…) does not change the file; the precache matches without it too.
    found.add(match[0].split('?')[0]!);
  }
  return [...found];
}

/**
 * Whether a page can start offline from this precache: it names build files, and the precache
 * holds each of them (paths, e.g. `/_next/static/chunks/4b1e….js`).
 */
export function startsOfflineWith(html: string, precachedPaths: ReadonlySet<string>): boolean {
  const files = buildFilesNamedIn(html);
  return files.length > 0 && files.every((file) => precachedPaths.has(file));
}

/** A short, stable label for one build's precache (names the worker's caches). */
export function buildLabel(precachedUrls: readonly string[]): string {
  // FNV-1a over the sorted list: the same build files give the same label in every browser.
  let hash = 0x811c9dc5;
  for (const char of [...precachedUrls].sort().join('\n')) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}
