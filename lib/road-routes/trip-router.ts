import 'server-only';
import { greatCircleKm, roundTo } from '@/lib/geo/distance';
import { LookupCache, type LookupCacheOptions } from '@/lib/cache/lookup-cache';
import { log as rootLog } from '@/lib/log';
import type { RouteFallback, TripRoute } from '@/lib/api/road-route';
import { isRouterError, type RouterError } from './errors';
import { ROUTE_CACHE, roundStop, routeKey } from './route-key';
import type { RoadRoute, RoutePoint, Router, Vehicle } from './types';

/**
 * Routes for the map: the configured road router's, cached, or straight segments between the
 * stops — when no router is configured, and whenever the router fails (with the reason, so the
 * screen can say the line is straight). Never throws for a router's sake and never waits longer
 * than the router's own timeout.
 */

/**
 * Which vehicle a router that asks (Valhalla's costing) routes for, before any quote: the
 * courier's rule, a bicycle up to 4 km, applied to the great circle × 1.3, the road factor the
 * built-in courier uses outside Mexico City.
 */
export const BIKE_MAX_KM = 4;
export const ESTIMATED_ROAD_FACTOR = 1.3;

const crowKm = (a: RoutePoint, b: RoutePoint) => greatCircleKm([a.lng, a.lat], [b.lng, b.lat]);

export function estimatedVehicle(stops: readonly RoutePoint[]): Vehicle {
  const km = stops.slice(1).reduce((sum, stop, i) => sum + crowKm(stops[i]!, stop), 0);
  return km * ESTIMATED_ROAD_FACTOR <= BIKE_MAX_KM ? 'bicycle' : 'motorbike';
}

/** The stops joined by straight segments, as the crow flies. */
export function straightRoute(stops: readonly RoutePoint[], fallback?: RouteFallback): TripRoute {
  const legs = stops.slice(1).map((stop, i) => ({
    distanceKm: roundTo(crowKm(stops[i]!, stop), 3),
    durationMinutes: null,
    shape: null,
  }));
  return {
    source: 'straight',
    distanceKm: roundTo(
      legs.reduce((sum, leg) => sum + leg.distanceKm, 0),
      3,
    ),
    durationMinutes: null,
    legs,
    ...(fallback && { fallback }),
  };
}

/** What the screen is told when a router failed and straight segments stand in. */
export function fallbackFor(error: RouterError): RouteFallback {
  switch (error.failure) {
    case 'timeout':
      return 'router_timeout';
    case 'busy':
      return 'router_busy';
    case 'no_route':
      return 'no_route';
    default:
      return 'router_unavailable';
  }
}

function roadRoute({ provider, legs }: RoadRoute): TripRoute {
  // The legs are rounded first, so that they add up to the whole exactly.
  const rounded = legs.map((leg) => ({
    distanceKm: roundTo(leg.distanceKm, 3),
    durationMinutes: roundTo(leg.durationMinutes, 1),
    shape: leg.shape ?? null,
  }));
  return {
    source: provider,
    distanceKm: roundTo(
      rounded.reduce((sum, leg) => sum + leg.distanceKm, 0),
      3,
    ),
    durationMinutes: roundTo(
      rounded.reduce((sum, leg) => sum + leg.durationMinutes, 0),
      1,
    ),
    legs: rounded,
  };
}

export class TripRouter {
  private readonly cache: LookupCache<TripRoute>;

  constructor(
    private readonly router: Router | null,
    cache: LookupCacheOptions = ROUTE_CACHE,
  ) {
    this.cache = new LookupCache(cache);
  }

  /** The route through `stops` in order (2 or more). */
  async route(stops: readonly RoutePoint[], { log = rootLog } = {}): Promise<TripRoute> {
    const rounded = stops.map(roundStop);
    const router = this.router;
    if (!router) return straightRoute(rounded);
    try {
      return await this.cache.get(routeKey(rounded), async () =>
        roadRoute(
          await router.route(rounded, { geometry: true, vehicle: estimatedVehicle(rounded) }),
        ),
      );
    } catch (error) {
      if (!isRouterError(error)) throw error;
      const fallback = fallbackFor(error);
      const details = {
        router: error.provider,
        failure: error.failure,
        status: error.details.status,
        code: error.details.code,
      };
      // A refused request is this app's fault, not the router's: worth more than a warning.
      if (error.failure === 'rejected') log.error(details, 'router refused the request');
      else log.warn(details, 'router gave no road route; straight segments instead');
      return straightRoute(rounded, fallback);
    }
  }

  get cachedRoutes(): number {
    return this.cache.size;
  }
}
