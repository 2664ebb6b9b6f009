import { distance } from 'geokdbush';
import type { SearchResultKind } from '@/lib/api/geocode';
import { fold } from '@/lib/geocoding/fold';
import type { LatLng } from './draft';

/**
 * When a moved pin is still at the address its fields describe (address-provenance.ts): within a
 * radius of where the street was set, and in the colonia and zip code the geocoder named there.
 */

/** The pin position a point's street and numbers were set for (address-provenance.ts). */
export interface Anchor extends LatLng {
  precision: 'exact' | 'area';
  /** The colonia and zip code the geocoder (or the search) named at the anchor, when known. */
  area?: { neighborhood: string; zipCode: string };
  /** For an `area` anchor: what the search found there (a street, a colonia, a zip code…). */
  kind?: SearchResultKind;
}

/** A pin moved by less than this from where its street was set is still at the same door. */
export const NUDGE_METRES = 60;
/** A pin at a searched colonia's centre may move this far and stay in it (the colonia rule decides). */
export const AREA_METRES = 1500;

export function metresBetween(a: LatLng, b: LatLng): number {
  // geokdbush (the gazetteer's spatial index) has the haversine in a few bytes: km on the sphere.
  return distance(a.lng, a.lat, b.lng, b.lat) * 1000;
}

/** The same-place rule: a pin within its anchor's radius is still at the address it was set for. */
export function isSamePlace(anchor: Anchor, at: LatLng): boolean {
  const radius = anchor.precision === 'exact' ? NUDGE_METRES : AREA_METRES;
  return metresBetween(anchor, at) <= radius;
}

/**
 * Whether the geocoder names another area than it named at the anchor: another colonia, or
 * another zip code. Unknown on either side is not a difference.
 */
export function isOtherArea(
  before: Anchor['area'] | undefined,
  now: { neighborhood: string; zipCode: string },
): boolean {
  if (!before) return false;
  const differs = (a: string, b: string) => Boolean(a && b) && fold(a) !== fold(b);
  return differs(before.neighborhood, now.neighborhood) || differs(before.zipCode, now.zipCode);
}
