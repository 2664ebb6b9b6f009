import { greatCircleKm } from '@/lib/geo/distance';
import type { RoutePoint } from './types';

/** A waypoint OSRM snapped to the road lies on the geometry as one of its vertices. */
const SAME_VERTEX_KM = 0.0005;

const kmBetween = (a: RoutePoint, b: RoutePoint) => greatCircleKm([a.lng, a.lat], [b.lng, b.lat]);

/**
 * Cuts a whole route's path (OSRM's `overview=full` geometry) into one path per leg, at the
 * waypoints it passed through (OSRM's `waypoints[].location`, snapped to the road, in order).
 * Each intermediate waypoint is the first vertex from the previous cut that lies on it, else the
 * nearest vertex after the previous cut; a leg's path ends where the next one starts.
 */
export function splitAtWaypoints(
  path: readonly RoutePoint[],
  waypoints: readonly RoutePoint[],
): RoutePoint[][] {
  const legs: RoutePoint[][] = [];
  let start = 0;
  for (let w = 1; w < waypoints.length; w++) {
    const last = w === waypoints.length - 1;
    const cut = last ? path.length - 1 : vertexOf(path, waypoints[w]!, start);
    legs.push(path.slice(start, cut + 1));
    start = cut;
  }
  return legs;
}

function vertexOf(path: readonly RoutePoint[], waypoint: RoutePoint, from: number): number {
  let nearest = from;
  let nearestKm = Number.POSITIVE_INFINITY;
  for (let i = from; i < path.length; i++) {
    const km = kmBetween(path[i]!, waypoint);
    if (km <= SAME_VERTEX_KM) return i;
    if (km < nearestKm) {
      nearest = i;
      nearestKm = km;
    }
  }
  return nearest;
}
