import 'server-only';
import { ApiError } from '@/lib/http/api-error';
import { sessionAllowance } from '@/lib/http/session-allowance';
import { isGeocoderError } from './errors';

/**
 * What the two geocode endpoints share (their queries and answers are their contracts, in
 * lib/api/geocode.ts): the per-session lookup allowance, the mapping of upstream failures to the
 * app's errors, and how long a browser may keep an answer.
 */

/** Answers change rarely; the browser may reuse one while the dispatcher works on a trip. */
export const GEOCODE_CACHE_CONTROL = 'private, max-age=300';

/** Lookups per session per window: plenty for typing with a debounce, not for a scraper. */
export const GEOCODE_LOOKUPS_PER_WINDOW = 120;
export const GEOCODE_WINDOW_SECONDS = 60;

/** Spends one lookup of the session's allowance; 429 rate_limited once it is spent. */
export const spendLookup = sessionAllowance(
  'geocode-lookups',
  { attempts: GEOCODE_LOOKUPS_PER_WINDOW, windowSeconds: GEOCODE_WINDOW_SECONDS },
  'Too many address lookups. Please wait a moment.',
);

/** Runs a geocoder call; its upstream failures become 503 geocoder_unavailable or 504 geocoder_timeout. */
export async function lookup<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isGeocoderError(error)) throw error;
    if (error.failure === 'timeout') {
      throw new ApiError(
        'geocoder_timeout',
        'The address service did not answer in time. Please try again, or type the address.',
      );
    }
    if (error.failure === 'busy') {
      throw new ApiError(
        'geocoder_unavailable',
        'The address service is busy. Please try again in a moment.',
        { retryAfterSeconds: error.details.retryAfterSeconds ?? 1 },
      );
    }
    throw new ApiError(
      'geocoder_unavailable',
      'The address service is not available right now. You can still type the address.',
    );
  }
}
