import 'server-only';
import { roadLegsKm, roundTo, type LngLat } from '../geo/distance';
import { LookupCache } from '../cache/lookup-cache';
import { env } from '../env';
import { log } from '../log';
import { processSingleton } from '../process-singleton';
import { isRouterError } from '../road-routes/errors';
import { OsrmRouter } from '../road-routes/osrm';
import { roundStop, routeKey, ROUTE_CACHE } from '../road-routes/route-key';

/**
 * The road km of each leg the built-in courier prices (docs/courier-api.md, "Coverage and price
 * model"). With COURIER_ROUTER_URL, an OSRM server's distances along the roads (cached by stops
 * rounded to about 1 m); without it, or when that server fails or is slow, the great circle × the
 * zone's road factor — a quote is never refused or delayed past COURIER_ROUTER_TIMEOUT_MS because
 * of the router.
 */
export async function roadLegsOf(route: readonly LngLat[], roadFactor: number): Promise<number[]> {
  const router = courierRouter();
  if (!router) return roadLegsKm(route, roadFactor);
  const stops = route.map(([lng, lat]) => roundStop({ lat, lng }));
  try {
    return await router.cache.get(routeKey(stops), async () => {
      const road = await router.osrm.route(stops, { geometry: false });
      return road.legs.map((leg) => roundTo(leg.distanceKm, 2));
    });
  } catch (error) {
    if (!isRouterError(error)) throw error;
    log.warn(
      {
        service: 'courier',
        router: 'osrm',
        failure: error.failure,
        status: error.details.status,
        code: error.details.code,
      },
      'courier router gave no road distance; priced on great circle × road factor',
    );
    return roadLegsKm(route, roadFactor);
  }
}

function courierRouter() {
  const { routerUrl, routerTimeoutMs } = env.courierService;
  if (!routerUrl) return null;
  return processSingleton('courier-service:router', () => ({
    osrm: new OsrmRouter({ baseUrl: routerUrl, timeoutMs: routerTimeoutMs }),
    cache: new LookupCache<number[]>(ROUTE_CACHE),
  }));
}
