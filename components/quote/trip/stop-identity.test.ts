import { describe, expect, it } from 'vitest';
import { emptyPoint, type PointDraft, type QuoteDraftValues } from './draft';
import { letterChanges, letteringKey } from './stop-identity';
import { tripStops, withDropoffAdded, withDropoffMoved, withDropoffRemoved } from './trip-stops';

const stop = (id: string, street: string): PointDraft => ({ id, ...emptyPoint(), street });
const trip: QuoteDraftValues = {
  pickup: { ...emptyPoint(), street: 'Varsovia' },
  dropoffs: [stop('b', 'Sonora'), stop('c', 'Durango'), stop('d', 'Havre')],
};
const changes = (after: QuoteDraftValues) => letterChanges(tripStops(trip), tripStops(after));

describe('a stop keeps its identity; its letter changes only with a word', () => {
  it('D moved up keeps its key and its fields, and both letters that changed are said', () => {
    const moved = withDropoffMoved(trip, 'd', -1);
    const havre = tripStops(moved).find((s) => s.key === 'd')!;
    expect([havre.letter, havre.point.street]).toEqual(['C', 'Havre']);
    expect(changes(moved)).toEqual([
      { key: 'd', from: 'D', to: 'C' },
      { key: 'c', from: 'C', to: 'D' },
    ]);
  });

  it('B removed: C and D become B and C, and that is said; A is not mentioned', () => {
    expect(changes(withDropoffRemoved(trip, 'b'))).toEqual([
      { key: 'c', from: 'C', to: 'B' },
      { key: 'd', from: 'D', to: 'C' },
    ]);
  });

  it('the last drop-off removed, or one added, changes no letter', () => {
    expect(changes(withDropoffRemoved(trip, 'd'))).toEqual([]);
    expect(changes(withDropoffAdded(trip))).toEqual([]);
  });

  it('a whole new trip (other stops) changes no letter of a stop still there', () => {
    expect(
      letterChanges(tripStops(trip), tripStops({ ...trip, dropoffs: [stop('x', '')] })),
    ).toEqual([]);
  });

  it('the lettering key differs exactly when some stop has another letter', () => {
    const key = (values: QuoteDraftValues) => letteringKey(tripStops(values));
    expect(key({ ...trip, pickup: { ...trip.pickup, street: 'Otra' } })).toBe(key(trip));
    expect(key(withDropoffMoved(trip, 'c', 1))).not.toBe(key(trip));
  });
});
