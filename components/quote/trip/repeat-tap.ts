/**
 * How long after a "Cotizar" a second one for the same trip is taken as the other half of a
 * double tap: about a browser's own double-click time.
 */
export const DOUBLE_TAP_MS = 600;

/** The last "Cotizar" sent: its trip's fingerprint, when (performance.now()), and how it went. */
export interface SentQuote {
  key: string;
  at: number;
  state: 'sending' | 'quoted' | 'failed';
}

/**
 * True when a "Cotizar" for trip `key` at `now` would only repeat the last one: that trip's request
 * is still on its way, or its quote came back within a double tap's time of the first tap (an
 * answer can be faster than a finger's second tap). After a failure it is not a repeat: the
 * dispatcher may ask again at once.
 */
export function repeatsLastQuote(last: SentQuote | null, key: string, now: number): boolean {
  if (!last || last.key !== key) return false;
  if (last.state === 'sending') return true;
  return last.state === 'quoted' && now - last.at < DOUBLE_TAP_MS;
}
