// Not server-only: nothing of any router's wire (lib/road-routes keeps those); the screen imports its types only.
import { z } from 'zod';
import { MAX_ADDRESSES } from '@/lib/courier-api/limits';
import { defineContract } from './contract';
import { ENDPOINTS } from './endpoints';

/**
 * GET /api/road-route?at=lat,lng&at=…: the road route through a trip's stops in order, along the
 * roads when a router is configured and answers, else straight segments, saying why.
 */

/** Who drew the route: a road router, or straight segments between the stops. */
export const routeSourceSchema = z.enum(['osrm', 'valhalla', 'straight']);
export type RouteSource = z.infer<typeof routeSourceSchema>;

/**
 * Why a configured router gave no road route, so the straight segments stand in for it:
 * `router_timeout` no answer in time; `router_busy` it asked us to slow down (HTTP 429);
 * `router_unavailable` unreachable, an HTTP error or a body it should not send;
 * `no_route` it found no way along the roads between the stops (OSRM NoRoute / NoSegment,
 * Valhalla 442, 171…).
 */
export const routeFallbackSchema = z.enum([
  'router_timeout',
  'router_busy',
  'router_unavailable',
  'no_route',
]);
export type RouteFallback = z.infer<typeof routeFallbackSchema>;

export const routeLegAnswerSchema = z.strictObject({
  /** Km along the leg: by road, or as the crow flies for a straight segment. */
  distanceKm: z.number().nonnegative(),
  /** The router's riding time; null for a straight segment (nobody rides one). */
  durationMinutes: z.number().nonnegative().nullable(),
  /** The leg's path as an encoded polyline of precision 6 ([lat, lng]); null for a straight one. */
  shape: z.string().nullable(),
});
export type RouteLegAnswer = z.infer<typeof routeLegAnswerSchema>;

export const tripRouteSchema = z.strictObject({
  source: routeSourceSchema,
  /** The legs' km added up. */
  distanceKm: z.number().nonnegative(),
  durationMinutes: z.number().nonnegative().nullable(),
  /** One per pair of consecutive stops, in stop order. */
  legs: z.array(routeLegAnswerSchema),
  /** Set when a router is configured but this route is straight segments instead. */
  fallback: routeFallbackSchema.optional(),
});
export type TripRoute = z.infer<typeof tripRouteSchema>;

export const routeAnswerSchema = z.strictObject({ route: tripRouteSchema });
export type RouteAnswer = z.infer<typeof routeAnswerSchema>;

// ---------------------------------------------------------------- query

const DECIMAL = '[+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)';
const LAT_LNG = new RegExp(`^\\s*(${DECIMAL})\\s*,\\s*(${DECIMAL})\\s*$`);

const stop = z
  .string()
  .regex(LAT_LNG, 'expected a stop as latitude,longitude (e.g. 19.42452,-99.16769)')
  .transform((text): { lat: number; lng: number } => {
    const [, lat, lng] = LAT_LNG.exec(text)!;
    return { lat: Number(lat), lng: Number(lng) };
  })
  .refine(({ lat }) => Math.abs(lat) <= 90, 'expected a latitude between -90 and 90')
  .refine(({ lng }) => Math.abs(lng) <= 180, 'expected a longitude between -180 and 180');

/** The stops in order, `at=lat,lng` each: a pickup and its drop-offs, as many as a quote takes. */
export const roadRouteQuerySchema = z.object({
  at: z
    .array(stop)
    .min(2, 'expected at least 2 stops, each as at=latitude,longitude')
    .max(MAX_ADDRESSES, `expected at most ${MAX_ADDRESSES} stops`),
});

// ---------------------------------------------------------------- contract

export const roadRouteContract = defineContract({
  ...ENDPOINTS.roadRoute,
  summary: 'The road route through the stops in order, or straight segments saying why',
  signedIn: true,
  query: roadRouteQuerySchema,
  answer: routeAnswerSchema,
  /** Its allowance per session spent. */
  errors: ['rate_limited'],
});
