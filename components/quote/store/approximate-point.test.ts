import { describe, expect, it } from 'vitest';
import type { SearchResult } from '@/lib/api/geocode';
import { parseDraft } from '../trip/draft-storage';
import { PICKUP, tripStops } from '../trip/trip-stops';
import { address, tripStoreForTest } from './trip-store.fixtures';
import { readinessOf, storedDraftOf } from './trip-state';

/** The built-in gazetteer's Juárez and Hipódromo, and the recorded trip's pickup door. */
const JUAREZ = { lat: 19.4255, lng: -99.162 };
const HIPODROMO = { lat: 19.4115, lng: -99.1705 };
const VARSOVIA_36 = { lat: 19.4245207, lng: -99.1676911 };

const colonia = (at: typeof JUAREZ, neighborhood: string): SearchResult => ({
  ...address({ ...at, neighborhood, zipCode: '06600' }),
  kind: 'colonia',
  fromText: [],
});

/** "Varsovia 36, Juárez" → "Sonora 180, Hipódromo" by search with the built-in gazetteer. */
function searchedTrip() {
  const test = tripStoreForTest();
  const b = tripStops(test.store.get().values)[1]!.key;
  test.store.pickResult(PICKUP, colonia(JUAREZ, 'Juárez'));
  test.store.pickResult(b, colonia(HIPODROMO, 'Hipódromo'));
  return { ...test, b };
}

const approximateLetters = (store: ReturnType<typeof tripStoreForTest>['store']) =>
  readinessOf(store.get())
    .filter((stop) => stop.approximate)
    .map((stop) => stop.stop.letter);

describe('an approximate point in the trip store', () => {
  it('both points searched to colonia centres are approximate', () => {
    const { store } = searchedTrip();
    expect(approximateLetters(store)).toEqual(['A', 'B']);
  });

  it('a tap on the map at A’s door makes A exact, and "Deshacer" makes it approximate again', () => {
    const { store } = searchedTrip();
    store.placePin(PICKUP, VARSOVIA_36, 'map');
    expect(approximateLetters(store)).toEqual(['B']);
    store.undo();
    expect(store.get().values.pickup).toMatchObject(JUAREZ);
    expect(approximateLetters(store)).toEqual(['A', 'B']);
  });

  it('typed coordinates make the point exact', () => {
    const { store, b } = searchedTrip();
    store.placePin(b, { lat: 19.4133562, lng: -99.1672142 }, 'text');
    expect(approximateLetters(store)).toEqual(['A']);
  });

  it('survives a reload: the draft saved on the device reads back approximate', () => {
    const { store } = searchedTrip();
    const reloaded = tripStoreForTest();
    reloaded.store.restore(parseDraft(JSON.stringify(storedDraftOf(store.get())))!);
    expect(approximateLetters(reloaded.store)).toEqual(['A', 'B']);
  });
});
