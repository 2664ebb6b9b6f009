import { describe, expect, it } from 'vitest';
import { emptyPoint, MAX_DROPOFFS, type PointDraft, type QuoteDraftValues } from './draft';
import {
  nextStopToPlace,
  tripStops,
  withDropoffAdded,
  withDropoffMoved,
  withDropoffRemoved,
  withPickupSwapped,
} from './trip-stops';

const at = (lat: number) => ({ lat, lng: -99.16 });
const stop = (id: string, street: string, pin?: number): PointDraft => ({
  id,
  ...emptyPoint(),
  street,
  ...(pin !== undefined ? at(pin) : {}),
});
const draft = (...dropoffs: PointDraft[]): QuoteDraftValues => ({
  pickup: { ...emptyPoint(), street: 'Varsovia', ...at(19.42) },
  dropoffs,
});

describe('the stops of a trip', () => {
  it('are lettered A for the pickup, then B, C, D… for the drop-offs in order', () => {
    const stops = tripStops(draft(stop('b', 'Sonora'), stop('c', 'Durango'), stop('d', 'Havre')));
    expect(stops.map((s) => [s.letter, s.key, s.path, s.role])).toEqual([
      ['A', 'pickup', 'pickup', 'pickup'],
      ['B', 'b', 'dropoffs.0', 'dropoff'],
      ['C', 'c', 'dropoffs.1', 'dropoff'],
      ['D', 'd', 'dropoffs.2', 'dropoff'],
    ]);
  });

  it('the next tap places the first stop still without a pin, else stays on the one just placed', () => {
    const values = draft(stop('b', 'Sonora', 19.41), stop('c', 'Durango'), stop('d', 'Havre'));
    expect(nextStopToPlace(values, 'b')).toBe('c');
    const all = draft(stop('b', 'Sonora', 19.41), stop('c', 'Durango', 19.43));
    expect(nextStopToPlace(all, 'c')).toBe('c');
  });

  it('a drop-off is added with an id of its own, up to nine', () => {
    let values = draft(stop('b', 'Sonora'));
    for (let count = 1; count < 12; count++) values = withDropoffAdded(values);
    expect(values.dropoffs).toHaveLength(MAX_DROPOFFS);
    expect(new Set(values.dropoffs.map((point) => point.id)).size).toBe(MAX_DROPOFFS);
  });

  it('moving C up makes it B, and the letters follow the new order; the ends do not move further', () => {
    const values = draft(stop('b', 'Sonora'), stop('c', 'Durango'), stop('d', 'Havre'));
    const moved = withDropoffMoved(values, 'c', -1);
    expect(tripStops(moved).map((s) => `${s.letter}:${s.point.street}`)).toEqual([
      'A:Varsovia',
      'B:Durango',
      'C:Sonora',
      'D:Havre',
    ]);
    expect(withDropoffMoved(values, 'b', -1)).toBe(values);
    expect(withDropoffMoved(values, 'd', 1)).toBe(values);
  });

  it('a drop-off can go, but never the last one', () => {
    const values = draft(stop('b', 'Sonora'), stop('c', 'Durango'));
    expect(withDropoffRemoved(values, 'b').dropoffs.map((point) => point.street)).toEqual([
      'Durango',
    ]);
    const one = draft(stop('b', 'Sonora'));
    expect(withDropoffRemoved(one, 'b')).toBe(one);
  });

  it('swap trades A and B only: the pickup key stays A, C and later stay put', () => {
    const values = draft(stop('b', 'Sonora', 19.41), stop('c', 'Durango'));
    const swapped = withPickupSwapped(values);
    expect(swapped.pickup).toEqual({ ...emptyPoint(), street: 'Sonora', ...at(19.41) });
    expect(swapped.dropoffs.map((point) => [point.id, point.street])).toEqual([
      ['b', 'Varsovia'],
      ['c', 'Durango'],
    ]);
  });
});
