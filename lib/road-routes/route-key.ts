// Not server-only: how a route's stops are rounded and keyed, for the map's routes and the courier's.
import type { LookupCacheOptions } from '@/lib/cache/lookup-cache';
import { roundTo } from '@/lib/geo/distance';
import type { RoutePoint } from './types';

/** Stops are rounded to 5 decimals (about 1 m) before routing: the cache key is what is routed. */
export const ROUTE_DECIMALS = 5;

/** Routes kept: the least recently used go first; roads change slowly, so they keep for hours. */
export const ROUTE_CACHE: LookupCacheOptions = { max: 1_000, ttlMs: 6 * 3600_000 };

export const roundStop = (point: RoutePoint): RoutePoint => ({
  lat: roundTo(point.lat, ROUTE_DECIMALS),
  lng: roundTo(point.lng, ROUTE_DECIMALS),
});

export const routeKey = (stops: readonly RoutePoint[]) =>
  stops.map((stop) => `${stop.lat},${stop.lng}`).join(';');
