import type { RouteView } from './route-view';

/**
 * What the result says beside the courier's km: that it is approximate when no road route is
 * drawn for the trip (no router, or the router gave none), or the road route's km when the two
 * differ by more than 15 % of the courier's — a sign that the courier measured another way than
 * the line on the map. Nothing while the route is on its way, or when the result is stale; and not
 * "approximate" when the result already says by how much the km may be off (pins at an area's
 * centre: "±2 km: ubicación aproximada"), else the two notes read as one phrase that says
 * "aproximada" twice.
 */
export type DistanceNote = { kind: 'approximate' } | { kind: 'road'; km: number } | null;

/** More than this share of the courier's km apart, the route's km is shown beside it. */
export const ROUTE_DIFFERENCE = 0.15;

export function distanceNote(
  courierKm: number,
  { roadRoutes, view }: { roadRoutes: boolean; view: RouteView | null },
  /** By how much the km may be off, said beside it (approximate-distance.tsx); 0 when exact. */
  uncertaintyKm = 0,
): DistanceNote {
  const approximate = uncertaintyKm > 0 ? null : ({ kind: 'approximate' } as const);
  if (!roadRoutes) return approximate;
  if (!view) return null;
  if (view.kind === 'straight') return view.reason === 'loading' ? null : approximate;
  const routeKm = view.route.distanceKm;
  const apart = courierKm > 0 ? Math.abs(routeKm - courierKm) / courierKm : routeKm > 0 ? 1 : 0;
  // Exactly 15 % apart (2 and 2.3 km) is not more than 15 %, binary fractions notwithstanding.
  return apart > ROUTE_DIFFERENCE + 1e-9 ? { kind: 'road', km: routeKm } : null;
}
