// Not server-only: the screen draws the route; plain types and the query's names, no router's wire.

/**
 * What GET /api/road-route answers, as the server sends it and the screen reads it: the routers' own
 * wire formats stay on the server (lib/routing/osrm.ts, valhalla.ts).
 */

/** Who drew the route: a road router, or straight segments between the stops. */
export type RouteSource = 'osrm' | 'valhalla' | 'straight';

/**
 * Why a configured router gave no road route, so the straight segments stand in for it:
 * `router_timeout` no answer in time; `router_busy` it asked us to slow down (HTTP 429);
 * `router_unavailable` unreachable, an HTTP error or a body it should not send;
 * `no_route` it found no way along the roads between the stops (OSRM NoRoute / NoSegment,
 * Valhalla 442, 171…).
 */
export type RouteFallback = 'router_timeout' | 'router_busy' | 'router_unavailable' | 'no_route';

export interface RouteLegAnswer {
  /** Km along the leg: by road, or as the crow flies for a straight segment. */
  distanceKm: number;
  /** The router's riding time; null for a straight segment (nobody rides one). */
  durationMinutes: number | null;
  /** The leg's path as an encoded polyline of precision 6 ([lat, lng]); null for a straight one. */
  shape: string | null;
}

export interface TripRoute {
  source: RouteSource;
  /** The legs' km added up. */
  distanceKm: number;
  durationMinutes: number | null;
  /** One per pair of consecutive stops, in stop order. */
  legs: RouteLegAnswer[];
  /** Set when a router is configured but this route is straight segments instead. */
  fallback?: RouteFallback;
}

export interface RouteAnswer {
  route: TripRoute;
}

/** The most stops a route goes through: a pickup and nine drop-offs, as a quote. */
export const MAX_ROUTE_STOPS = 10;

/** The query parameter naming each stop, in order: `?at=19.42452,-99.16769&at=…`. */
export const ROUTE_STOP_PARAM = 'at';
