import type { SearchResultKind } from '@/lib/api/geocode';
import type { DraftProvenance, PointProvenance } from './address-provenance';
import { pinOf, type LatLng, type QuoteDraftValues } from './draft';
import { tripStops } from './trip-stops';

/**
 * A point is approximate while its pin sits where a search put it at the centre of a street, a
 * colonia or a zip code area, and the dispatcher has not moved it since. A tap on the map, a drag,
 * typed coordinates, "my location", a saved place or an `address` result put the pin at a door:
 * it is exact. Derived from the pin and its anchor (address-provenance.ts), so whatever moves a pin
 * — and "Deshacer", and a draft restored after a reload — gives the right answer with no flag of
 * its own to keep in step.
 */

/** The kinds of search result that place a pin at an area's centre rather than at a door. */
export type ApproximateKind = Extract<SearchResultKind, 'street' | 'colonia' | 'zip'>;

/**
 * How far the door may be from the centre the pin was put at, per kind. The built-in gazetteer has
 * centres, not outlines: the median distance between neighbouring colonia centres in it is 0.87 km
 * (three in four are within 1.28 km), and the recorded trip's doors are 0.61 km (Varsovia 36) and
 * 0.40 km (Sonora 180) from their colonias' centres — so 1 km for a colonia. A zip code there names
 * one colonia (five name two, at most 0.7 km from their middle): the same. Photon and Nominatim put a
 * street at the middle of one mapped stretch of it, a few blocks long: 0.5 km.
 */
export const APPROXIMATE_RADIUS_METRES: Readonly<Record<ApproximateKind, number>> = {
  colonia: 1000,
  zip: 1000,
  street: 500,
};

export interface Approximation {
  kind: ApproximateKind;
  /** How far the door may be from the pin. */
  radiusMetres: number;
}

const isApproximateKind = (kind: string | undefined): kind is ApproximateKind =>
  kind !== undefined && kind in APPROXIMATE_RADIUS_METRES;

/** Whether the pin at `pin` still sits at the area centre a search put it at, and how far off. */
export function approximationOf(
  pin: LatLng | null,
  provenance: PointProvenance | undefined,
): Approximation | null {
  const anchor = provenance?.anchor;
  if (!pin || !anchor || anchor.precision !== 'area') return null;
  if (anchor.lat !== pin.lat || anchor.lng !== pin.lng) return null;
  // An area anchor saved before anchors named their kind came from the built-in gazetteer's
  // colonias or zip codes, the only areas it finds.
  const kind = anchor.kind === undefined ? 'colonia' : anchor.kind;
  if (!isApproximateKind(kind)) return null;
  return { kind, radiusMetres: APPROXIMATE_RADIUS_METRES[kind] };
}

/** Each stop's approximation (by key), for the stops whose pin is approximate. */
export function approximationsOf(
  values: QuoteDraftValues,
  provenance: DraftProvenance,
): Record<string, Approximation> {
  const found: Record<string, Approximation> = {};
  for (const stop of tripStops(values)) {
    const approximation = approximationOf(pinOf(stop.point), provenance[stop.key]);
    if (approximation) found[stop.key] = approximation;
  }
  return found;
}

/**
 * By how many km the trip's distance may be off because of its approximate points, as a bound:
 * a point `r` from its door lengthens or shortens each leg it ends or starts by at most `r`
 * (triangle inequality), so the pickup and the last drop-off count once, a stop between two legs
 * twice. Straight-line km: the courier's road km may stretch it further. 0 when every point is exact.
 */
export function distanceUncertaintyKm(
  values: QuoteDraftValues,
  approximations: Readonly<Record<string, Approximation>>,
): number {
  const stops = tripStops(values);
  let metres = 0;
  stops.forEach((stop, index) => {
    const legs = index === 0 || index === stops.length - 1 ? 1 : 2;
    metres += (approximations[stop.key]?.radiusMetres ?? 0) * legs;
  });
  return metres / 1000;
}
