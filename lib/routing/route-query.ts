import 'server-only';
import { ApiError } from '@/lib/http/api-error';
import { processSingleton } from '@/lib/process-singleton';
import type { AttemptLimiter } from '@/lib/rate-limit/attempt-limiter';

/**
 * GET /api/road-route's per-session allowance of routes (its query and answer are its contract,
 * in lib/api/road-route.ts).
 */

/** Routes per session per minute: one per pin that settles is far fewer; a scraper needs more. */
export const ROUTES_PER_WINDOW = 60;
export const ROUTE_WINDOW_SECONDS = 60;

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
