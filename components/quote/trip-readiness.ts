import type { AddressField } from '@/lib/geocoding/answers';
import { ADDRESS_FIELDS } from './address-provenance';
import { pinOf, POINT_KEYS, type PointKey, type QuoteDraftValues } from './quote-draft';

/**
 * What the trip still needs before "Cotizar" can work, read from the fields and their provenance:
 * the guide's steps, the focus after the pins are placed, and the checks agree because they all
 * read it from here.
 */

/** Fields the courier needs; the interior number is optional. */
export const REQUIRED_FIELDS: readonly AddressField[] = [
  'street',
  'exteriorNumber',
  'neighborhood',
  'zipCode',
];

export interface PointReadiness {
  placed: boolean;
  /** Required fields still empty, in form order. */
  missing: AddressField[];
  /** Fields left from an earlier position of the pin, in form order. */
  earlier: AddressField[];
}

export type TripReadiness = Record<PointKey, PointReadiness>;

export type FieldPath = `${PointKey}.${AddressField}` | `${PointKey}.coordinates`;

export function tripReadiness(
  values: QuoteDraftValues,
  earlier: Record<PointKey, readonly AddressField[]>,
): TripReadiness {
  const point = (key: PointKey): PointReadiness => ({
    placed: pinOf(values[key]) !== null,
    missing: REQUIRED_FIELDS.filter((field) => !values[key][field]?.trim()),
    earlier: ADDRESS_FIELDS.filter((field) => earlier[key].includes(field)),
  });
  return { pickup: point('pickup'), dropoff: point('dropoff') };
}

export function isTripReady(trip: TripReadiness): boolean {
  return POINT_KEYS.every(
    (key) => trip[key].placed && trip[key].missing.length === 0 && trip[key].earlier.length === 0,
  );
}

/**
 * The field the dispatcher should fill next: a field left from an earlier position or an empty
 * required one, in form order, A before B (or only in `only`). Null when nothing is left.
 */
export function nextFieldToFill(trip: TripReadiness, only?: PointKey): FieldPath | null {
  for (const key of only ? [only] : POINT_KEYS) {
    const field = ADDRESS_FIELDS.find(
      (name) => trip[key].earlier.includes(name) || trip[key].missing.includes(name),
    );
    if (field) return `${key}.${field}`;
  }
  return null;
}
