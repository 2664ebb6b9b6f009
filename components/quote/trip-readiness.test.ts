import { describe, expect, it } from 'vitest';
import recordedTrip from '@/test/fixtures/recorded-trip.json';
import { emptyDraft, type QuoteDraftValues } from './quote-draft';
import { isTripReady, nextFieldToFill, tripReadiness } from './trip-readiness';

const none = { pickup: [], dropoff: [] };

/** Two taps with the built-in gazetteer: pins placed, colonia and zip code filled. */
const twoTaps = (): QuoteDraftValues => ({
  pickup: {
    ...emptyDraft().pickup,
    neighborhood: 'Juárez',
    zipCode: '06600',
    lat: 19.42,
    lng: -99.16,
  },
  dropoff: {
    ...emptyDraft().dropoff,
    neighborhood: 'Hipódromo',
    zipCode: '06100',
    lat: 19.41,
    lng: -99.17,
  },
});

describe('what the trip still needs', () => {
  it('after two taps with the built-in gazetteer: street and number of A first, then of B', () => {
    const trip = tripReadiness(twoTaps(), none);
    expect(trip.pickup).toEqual({
      placed: true,
      missing: ['street', 'exteriorNumber'],
      earlier: [],
    });
    expect(nextFieldToFill(trip)).toBe('pickup.street');
    expect(nextFieldToFill(trip, 'dropoff')).toBe('dropoff.street');
    expect(isTripReady(trip)).toBe(false);
  });

  it('a field left from an earlier position comes before an empty one further down', () => {
    const values = {
      pickup: { ...recordedTrip.pickup, interiorNumber: '' },
      dropoff: { ...recordedTrip.dropoff, zipCode: '' },
    };
    const trip = tripReadiness(values, { pickup: [], dropoff: ['interiorNumber'] });
    expect(trip.dropoff).toEqual({
      placed: true,
      missing: ['zipCode'],
      earlier: ['interiorNumber'],
    });
    expect(nextFieldToFill(trip)).toBe('dropoff.interiorNumber');
  });

  it('the recorded trip, fully typed and pinned, is ready to quote', () => {
    const values = {
      pickup: { ...recordedTrip.pickup, interiorNumber: '' },
      dropoff: { ...recordedTrip.dropoff },
    };
    const trip = tripReadiness(values, none);
    expect(isTripReady(trip)).toBe(true);
    expect(nextFieldToFill(trip)).toBeNull();
  });

  it('a point without its pin is not ready, whatever its fields say', () => {
    const values = {
      pickup: { ...recordedTrip.pickup, interiorNumber: '' },
      dropoff: { ...recordedTrip.dropoff, lat: undefined, lng: undefined },
    };
    const trip = tripReadiness(values, none);
    expect(trip.dropoff.placed).toBe(false);
    expect(isTripReady(trip)).toBe(false);
  });
});
