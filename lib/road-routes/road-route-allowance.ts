import 'server-only';
import { sessionAllowance } from '@/lib/http/session-allowance';

/**
 * GET /api/road-route's per-session allowance of routes (its query and answer are its contract,
 * in lib/api/road-route.ts).
 */

/** Routes per session per minute: one per pin that settles is far fewer; a scraper needs more. */
export const ROUTES_PER_WINDOW = 60;
export const ROUTE_WINDOW_SECONDS = 60;

/** Spends one route of the session's allowance; 429 rate_limited once it is spent. */
export const spendRoute = sessionAllowance(
  'route-lookups',
  { attempts: ROUTES_PER_WINDOW, windowSeconds: ROUTE_WINDOW_SECONDS },
  'Too many routes asked for. Please wait a moment.',
);
