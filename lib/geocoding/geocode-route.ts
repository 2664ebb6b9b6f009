import 'server-only';
import { z } from 'zod';
import { ApiError } from '@/lib/http/api-error';
import { fieldErrors } from '@/lib/http/read-json';
import { sessionAllowance } from '@/lib/http/session-allowance';
import { isGeocoderError } from './errors';

/**
 * What the two geocode routes share: their query schemas, the per-session lookup allowance, the
 * mapping of upstream failures to the app's errors, and how long a browser may keep an answer.
 */

/** Answers change rarely; the browser may reuse one while the dispatcher works on a trip. */
export const GEOCODE_CACHE_CONTROL = 'private, max-age=300';

/** Lookups per session per window: plenty for typing with a debounce, not for a scraper. */
export const GEOCODE_LOOKUPS_PER_WINDOW = 120;
export const GEOCODE_WINDOW_SECONDS = 60;
export const MAX_SEARCH_TEXT = 200;

const decimal = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const coordinate = (what: string, limit: number) =>
  z
    .string({ error: `expected the ${what}` })
    .trim()
    .regex(decimal, `expected the ${what} as a decimal number`)
    .transform(Number)
    .refine(
      (value) => value >= -limit && value <= limit,
      `expected a ${what} between -${limit} and ${limit}`,
    );
const latitude = coordinate('latitude', 90);
const longitude = coordinate('longitude', 180);

export const reverseQuerySchema = z.object({ lat: latitude, lng: longitude });

export const searchQuerySchema = z
  .object({
    q: z
      .string({ error: 'expected the text to search for' })
      .trim()
      .min(1, 'expected the text to search for')
      .max(MAX_SEARCH_TEXT, `expected at most ${MAX_SEARCH_TEXT} characters`),
    lat: latitude.optional(),
    lng: longitude.optional(),
  })
  .refine((query) => (query.lat === undefined) === (query.lng === undefined), {
    message: 'expected lat and lng together, or neither',
    path: ['lat'],
  });

/** The URL's query parameters, validated: 400 invalid_request with a message per parameter. */
export function readQuery<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
  const params = new URL(request.url).searchParams;
  const result = schema.safeParse(Object.fromEntries(params));
  if (!result.success) {
    throw new ApiError('invalid_request', 'Some parameters need attention.', {
      fields: fieldErrors(result.error.issues),
    });
  }
  return result.data;
}

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
