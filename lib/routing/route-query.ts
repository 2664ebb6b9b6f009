import 'server-only';
import { z } from 'zod';
import { ApiError } from '@/lib/http/api-error';
import { fieldErrors } from '@/lib/http/read-json';
import { processSingleton } from '@/lib/process-singleton';
import type { AttemptLimiter } from '@/lib/rate-limit/attempt-limiter';
import { MAX_ROUTE_STOPS, ROUTE_STOP_PARAM } from '@/lib/api/road-route';
import type { RoutePoint } from './types';

/**
 * GET /api/road-route's query: the stops in order as `at=lat,lng` (2 to 10 of them), and the
 * per-session allowance of routes.
 */

/** Routes per session per minute: one per pin that settles is far fewer; a scraper needs more. */
export const ROUTES_PER_WINDOW = 60;
export const ROUTE_WINDOW_SECONDS = 60;

const DECIMAL = '[+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)';
const LAT_LNG = new RegExp(`^\\s*(${DECIMAL})\\s*,\\s*(${DECIMAL})\\s*$`);

const stop = z
  .string()
  .regex(LAT_LNG, 'expected a stop as latitude,longitude (e.g. 19.42452,-99.16769)')
  .transform((text): RoutePoint => {
    const [, lat, lng] = LAT_LNG.exec(text)!;
    return { lat: Number(lat), lng: Number(lng) };
  })
  .refine(({ lat }) => Math.abs(lat) <= 90, 'expected a latitude between -90 and 90')
  .refine(({ lng }) => Math.abs(lng) <= 180, 'expected a longitude between -180 and 180');

export const routeQuerySchema = z.object({
  [ROUTE_STOP_PARAM]: z
    .array(stop)
    .min(2, `expected at least 2 stops, each as ${ROUTE_STOP_PARAM}=latitude,longitude`)
    .max(MAX_ROUTE_STOPS, `expected at most ${MAX_ROUTE_STOPS} stops`),
});

/** The stops of the URL, validated: 400 invalid_request with a message per stop (`at.1`). */
export function readRouteQuery(request: Request): RoutePoint[] {
  const params = new URL(request.url).searchParams;
  const result = routeQuerySchema.safeParse({
    [ROUTE_STOP_PARAM]: params.getAll(ROUTE_STOP_PARAM),
  });
  if (!result.success) {
    throw new ApiError('invalid_request', 'Some parameters need attention.', {
      fields: fieldErrors(result.error.issues),
    });
  }
  return result.data[ROUTE_STOP_PARAM];
}

/**
 * The allowance, counted by every instance together with REDIS_URL (loaded at the first route, as
 * the geocoder's: lib/geocoding/geocode-route.ts says why).
 */
async function routeAllowance(): Promise<AttemptLimiter> {
  const { sharedAttemptLimiter } = await import('@/lib/shared-state/counters');
  return processSingleton('routing:route-allowance', () =>
    sharedAttemptLimiter('route-lookups', {
      attempts: ROUTES_PER_WINDOW,
      windowSeconds: ROUTE_WINDOW_SECONDS,
      // One count per signed-in session, as the geocoder's allowance (bounded: see counter-store.ts).
      capacity: 16_384,
    }),
  );
}

/** Spends one route of the session's allowance; 429 rate_limited once it is spent. */
export async function spendRoute(sessionId: string): Promise<void> {
  const verdict = await (await routeAllowance()).consume(sessionId);
  if (!verdict.allowed) {
    throw new ApiError('rate_limited', 'Too many routes asked for. Please wait a moment.', {
      retryAfterSeconds: verdict.retryAfterSeconds,
    });
  }
}
