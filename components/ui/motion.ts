/** The query, made once: each `matchMedia` call parses it and makes a list the page keeps. */
let reducedMotion: MediaQueryList | undefined;

/**
 * The dispatcher's device asks for less motion (`prefers-reduced-motion: reduce`, a setting of the
 * system or the browser): the map jumps to a new view instead of gliding to it, and the result
 * card is brought into view at once. Read when the motion is about to happen (a list from
 * `matchMedia` stays live), so a setting changed while the screen is open counts from the next
 * one. False on the server.
 */
export function prefersReducedMotion(): boolean {
  if (typeof matchMedia !== 'function') return false;
  reducedMotion ??= matchMedia('(prefers-reduced-motion: reduce)');
  return reducedMotion.matches;
}

/** How an element is scrolled into view: smoothly, unless less motion is asked for. */
export const scrollBehavior = (): ScrollBehavior => (prefersReducedMotion() ? 'auto' : 'smooth');
