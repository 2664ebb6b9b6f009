import { replaceEqualDeep } from '@tanstack/react-query';
import type { AddressField } from '@/lib/api/geocode';
import { ADDRESS_FIELDS, earlierFields, type DraftProvenance } from './address-provenance';
import type { Approximation } from './approximate-point';
import { pinOf, type QuoteDraftValues } from './draft';
import { tripStops, type Stop, type StopPath } from './trip-stops';

/**
 * What the trip still needs before "Cotizar" can work, read from the fields and their provenance:
 * the guide's steps, the focus after the pins are placed, the stops' summaries and the checks agree
 * because they all read it from here.
 */

/** Fields the courier needs; the interior number is optional. */
export const REQUIRED_FIELDS: readonly AddressField[] = [
  'street',
  'exteriorNumber',
  'neighborhood',
  'zipCode',
];

export interface StopReadiness {
  stop: Stop;
  placed: boolean;
  /** Required fields still empty, in form order. */
  missing: AddressField[];
  /** Fields left from an earlier position of the pin, in form order. */
  earlier: AddressField[];
  /** Set while the pin sits at the centre of the area a search found (approximate-point.ts). */
  approximate: Approximation | null;
}

/** Every stop in trip order. */
export type TripReadiness = StopReadiness[];

/** A field of the form: a stop's, or the quote's customer text. */
export type FieldPath = `${StopPath}.${AddressField}` | `${StopPath}.coordinates` | 'customer';

/** The fields of each stop (by key) still left from an earlier position of its pin. */
export function earlierOf(provenance: DraftProvenance): Record<string, AddressField[]> {
  return Object.fromEntries(
    Object.entries(provenance).map(([key, point]) => [key, earlierFields(point)]),
  );
}

export function tripReadiness(
  values: QuoteDraftValues,
  earlier: Readonly<Record<string, readonly AddressField[]>>,
  approximate: Readonly<Record<string, Approximation>> = {},
): TripReadiness {
  return tripStops(values).map((stop) => ({
    stop,
    placed: pinOf(stop.point) !== null,
    missing: REQUIRED_FIELDS.filter((field) => !stop.point[field]?.trim()),
    earlier: ADDRESS_FIELDS.filter((field) => earlier[stop.key]?.includes(field)),
    approximate: approximate[stop.key] ?? null,
  }));
}

/**
 * `next`, with each stop's readiness that reads the same as in `previous` replaced by the
 * previous object (React Query's structural sharing, `replaceEqualDeep`): a memoized stop's
 * fieldset then skips drawing when another stop changed (a keystroke, a pin, a lookup there).
 * Pure; `previous` itself when nothing differs.
 */
export function sharedReadiness(
  previous: TripReadiness | undefined,
  next: TripReadiness,
): TripReadiness {
  return previous ? replaceEqualDeep(previous, next) : next;
}

/**
 * Ready: placed at its door with every field in. An approximate stop can still be quoted (one
 * deliberate "Cotizar con ubicación aproximada"), but it is never called ready.
 */
export const isStopReady = (stop: StopReadiness) =>
  stop.placed && stop.missing.length === 0 && stop.earlier.length === 0 && !stop.approximate;

/** Some stop's pin sits at an area's centre: "Cotizar" says it quotes an approximate trip. */
export const isTripApproximate = (trip: TripReadiness) => trip.some((stop) => stop.approximate);

export const isTripReady = (trip: TripReadiness) => trip.every(isStopReady);

/**
 * The field the dispatcher should fill next: a field left from an earlier position or an empty
 * required one, in form order, stop by stop (or only in the stop `only`). Null when none is left.
 */
export function nextFieldToFill(trip: TripReadiness, only?: string): FieldPath | null {
  for (const { stop, earlier, missing } of trip) {
    if (only !== undefined && stop.key !== only) continue;
    const field = ADDRESS_FIELDS.find((name) => earlier.includes(name) || missing.includes(name));
    if (field) return `${stop.path}.${field}`;
  }
  return null;
}
