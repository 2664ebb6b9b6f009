import { distance } from '@turf/distance';

/** A position as GeoJSON orders it: longitude first. */
export type LngLat = readonly [lng: number, lat: number];

/** Great-circle distance in km (haversine on a sphere of the mean Earth radius, as turf does). */
export function greatCircleKm(from: LngLat, to: LngLat): number {
  return distance([from[0], from[1]], [to[0], to[1]], { units: 'kilometers' });
}

/**
 * Estimated road distance of each leg of a route through `points`, in km with 2 decimals: the
 * great-circle leg stretched by `roadFactor`, because streets are never straight.
 */
export function roadLegsKm(points: readonly LngLat[], roadFactor: number): number[] {
  const legs: number[] = [];
  for (let i = 1; i < points.length; i++) {
    legs.push(roundTo(greatCircleKm(points[i - 1]!, points[i]!) * roadFactor, 2));
  }
  return legs;
}

/**
 * Rounds half away from zero at `decimals`. The scaled value is first cut to 15 significant digits,
 * so that binary noise (1.005 × 100 = 100.49999…) does not turn a half into less than a half.
 */
export function roundTo(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  const scaled = Number((Math.abs(value) * scale).toPrecision(15));
  return (Math.sign(value) * Math.round(scaled)) / scale || 0;
}
