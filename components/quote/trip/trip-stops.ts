import {
  MAX_DROPOFFS,
  emptyDropoff,
  pinOf,
  type LatLng,
  type PointDraft,
  type QuoteDraftValues,
} from './draft';

/**
 * The trip's stops as the screen names them: A is the pickup, B, C, … the drop-offs in order.
 * A stop has a key that stays the same while stops are added, moved and removed ('pickup', or
 * the drop-off's id) and a path that says where its fields are in the form ('pickup',
 * 'dropoffs.2'), which changes when it moves.
 */

export const PICKUP = 'pickup';
export type StopPath = 'pickup' | `dropoffs.${number}`;

export interface Stop {
  key: string;
  path: StopPath;
  /** 0 for the pickup, 1 for the first drop-off, … */
  position: number;
  letter: string;
  role: 'pickup' | 'dropoff';
  point: PointDraft;
}

const LETTERS = 'ABCDEFGHIJ';
export const letterOf = (position: number) => LETTERS[position] ?? String(position + 1);

export function tripStops(values: QuoteDraftValues): Stop[] {
  return [
    { key: PICKUP, path: 'pickup', position: 0, letter: 'A', role: 'pickup', point: values.pickup },
    ...values.dropoffs.map((point, index): Stop => ({
      key: point.id ?? `dropoff-${index}`,
      path: `dropoffs.${index}`,
      position: index + 1,
      letter: letterOf(index + 1),
      role: 'dropoff',
      point,
    })),
  ];
}

export function stopByKey(values: QuoteDraftValues, key: string): Stop | undefined {
  return tripStops(values).find((stop) => stop.key === key);
}

/** The pins placed, in trip order. */
export function pinsOf(values: QuoteDraftValues): LatLng[] {
  return tripStops(values)
    .map((stop) => pinOf(stop.point))
    .filter((pin): pin is LatLng => pin !== null);
}

/**
 * Which stop the next tap places after `placed` got its pin: the first stop, in trip order, that
 * has no pin yet; the same stop when every stop has one.
 */
export function nextStopToPlace(values: QuoteDraftValues, placed: string): string {
  return tripStops(values).find((stop) => !pinOf(stop.point) && stop.key !== placed)?.key ?? placed;
}

// ------------------------------------------------------------------ changing the list of stops

export function withDropoffAdded(values: QuoteDraftValues): QuoteDraftValues {
  if (values.dropoffs.length >= MAX_DROPOFFS) return values;
  return { ...values, dropoffs: [...values.dropoffs, emptyDropoff()] };
}

/** Without the drop-off `key`; the last drop-off is never removed (a trip needs one). */
export function withDropoffRemoved(values: QuoteDraftValues, key: string): QuoteDraftValues {
  if (values.dropoffs.length <= 1) return values;
  return { ...values, dropoffs: values.dropoffs.filter((point) => point.id !== key) };
}

/** The drop-off `key` moved one place earlier (-1) or later (+1) among the drop-offs. */
export function withDropoffMoved(
  values: QuoteDraftValues,
  key: string,
  step: -1 | 1,
): QuoteDraftValues {
  const from = values.dropoffs.findIndex((point) => point.id === key);
  const to = from + step;
  if (from < 0 || to < 0 || to >= values.dropoffs.length) return values;
  const dropoffs = [...values.dropoffs];
  [dropoffs[from], dropoffs[to]] = [dropoffs[to]!, dropoffs[from]!];
  return { ...values, dropoffs };
}

/**
 * A and the first drop-off trade addresses (fields and pins); the other drop-offs stay. The keys
 * stay with the places (A is always 'pickup'), so the caller trades the two keys' provenance too.
 */
export function withPickupSwapped(values: QuoteDraftValues): QuoteDraftValues {
  const [first, ...rest] = values.dropoffs;
  if (!first) return values;
  const { id, ...firstFields } = first;
  return { ...values, pickup: firstFields, dropoffs: [{ ...values.pickup, id }, ...rest] };
}
