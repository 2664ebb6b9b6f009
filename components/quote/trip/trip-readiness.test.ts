import { describe, expect, it } from 'vitest';
import recordedTrip from '@/test/fixtures/recorded-trip.json';
import { emptyPoint, type QuoteDraftValues } from './draft';
import { isTripReady, nextFieldToFill, sharedReadiness, tripReadiness } from './trip-readiness';

const none = {};

/** Two taps with the built-in gazetteer: pins placed, colonia and zip code filled. */
const twoTaps = (): QuoteDraftValues => ({
  pickup: { ...emptyPoint(), neighborhood: 'Juárez', zipCode: '06600', lat: 19.42, lng: -99.16 },
  dropoffs: [
    {
      id: 'b',
      ...emptyPoint(),
      neighborhood: 'Hipódromo',
      zipCode: '06100',
      lat: 19.41,
      lng: -99.17,
    },
  ],
});

const recorded = (): QuoteDraftValues => ({
  pickup: { ...recordedTrip.pickup, interiorNumber: '' },
  dropoffs: [{ id: 'b', ...recordedTrip.dropoff }],
});

describe('what the trip still needs', () => {
  it('after two taps with the built-in gazetteer: street and number of A first, then of B', () => {
    const trip = tripReadiness(twoTaps(), none);
    expect(trip[0]).toMatchObject({
      placed: true,
      missing: ['street', 'exteriorNumber'],
      earlier: [],
    });
    expect(trip.map((stop) => stop.stop.letter)).toEqual(['A', 'B']);
    expect(nextFieldToFill(trip)).toBe('pickup.street');
    expect(nextFieldToFill(trip, 'b')).toBe('dropoffs.0.street');
    expect(isTripReady(trip)).toBe(false);
  });

  it('a field left from an earlier position comes before an empty one further down', () => {
    const values = recorded();
    values.dropoffs[0]!.zipCode = '';
    const trip = tripReadiness(values, { b: ['interiorNumber'] });
    expect(trip[1]).toMatchObject({
      placed: true,
      missing: ['zipCode'],
      earlier: ['interiorNumber'],
    });
    expect(nextFieldToFill(trip)).toBe('dropoffs.0.interiorNumber');
  });

  it('the recorded trip, fully typed and pinned, is ready to quote', () => {
    const trip = tripReadiness(recorded(), none);
    expect(isTripReady(trip)).toBe(true);
    expect(nextFieldToFill(trip)).toBeNull();
  });

  it('a stop without its pin is not ready, whatever its fields say', () => {
    const values = recorded();
    values.dropoffs[0] = { ...values.dropoffs[0]!, lat: undefined, lng: undefined };
    const trip = tripReadiness(values, none);
    expect(trip[1]!.placed).toBe(false);
    expect(isTripReady(trip)).toBe(false);
  });

  it('with three drop-offs the next field is looked for stop by stop, in trip order', () => {
    const values = recorded();
    values.dropoffs.push({ id: 'c', ...emptyPoint(), lat: 19.42, lng: -99.16 });
    values.dropoffs.push({ id: 'd', ...emptyPoint(), street: 'Havre', lat: 19.43, lng: -99.16 });
    const trip = tripReadiness(values, none);
    expect(trip.map((stop) => stop.stop.letter)).toEqual(['A', 'B', 'C', 'D']);
    expect(nextFieldToFill(trip)).toBe('dropoffs.1.street');
    expect(nextFieldToFill(trip, 'd')).toBe('dropoffs.2.exteriorNumber');
  });
});

describe('a stop’s readiness from one change of the trip to the next', () => {
  it('keeps the same object for a stop that reads the same, a new one for the stop that changed', () => {
    const before = tripReadiness(twoTaps(), none);
    const typed = twoTaps();
    typed.dropoffs[0]!.street = 'Sonora';
    const after = sharedReadiness(before, tripReadiness(typed, none));
    expect(after[0]).toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[1]!.missing).toEqual(['exteriorNumber']);
  });

  it('is the previous list itself when nothing changed, and the new one on a first reading', () => {
    const before = tripReadiness(twoTaps(), none);
    expect(sharedReadiness(before, tripReadiness(twoTaps(), none))).toBe(before);
    const first = tripReadiness(twoTaps(), none);
    expect(sharedReadiness(undefined, first)).toBe(first);
  });
});
