/**
 * The dispatcher's device asks for less motion (`prefers-reduced-motion: reduce`, a setting of the
 * system or the browser): the map jumps to a new view instead of gliding to it, and the result
 * card is brought into view at once. Read when the motion is about to happen, so a setting
 * changed while the screen is open counts from the next one. False on the server.
 */
export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** How an element is scrolled into view: smoothly, unless less motion is asked for. */
export const scrollBehavior = (): ScrollBehavior => (prefersReducedMotion() ? 'auto' : 'smooth');
