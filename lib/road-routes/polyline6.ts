import polyline from '@mapbox/polyline';
import type { RoutePoint } from './types';

/**
 * Encoded polylines of precision 6, the format OSRM (`geometries=polyline6`) and Valhalla
 * (`trip.legs[].shape`) send and the screen decodes: [lat, lng] pairs, 1e-6 degrees (~0.1 m).
 */
export const PRECISION = 6;

export function decodePolyline6(shape: string): RoutePoint[] {
  return polyline.decode(shape, PRECISION).map(([lat, lng]) => ({ lat, lng }));
}

export function encodePolyline6(points: readonly RoutePoint[]): string {
  return polyline.encode(
    points.map((point) => [point.lat, point.lng]),
    PRECISION,
  );
}

/** A shape that decodes to a path on the globe (a body cut short or of another format does not). */
export function isPath(shape: string): boolean {
  try {
    const points = decodePolyline6(shape);
    return (
      points.length > 0 &&
      points.every(
        ({ lat, lng }) =>
          Number.isFinite(lat) &&
          Number.isFinite(lng) &&
          Math.abs(lat) <= 90 &&
          Math.abs(lng) <= 180,
      )
    );
  } catch {
    return false;
  }
}
