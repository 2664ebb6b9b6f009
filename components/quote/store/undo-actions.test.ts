import { describe, expect, it } from 'vitest';
import type { Quote } from '@/lib/api/quote';
import { emptyPoint, type LatLng } from '../trip/draft';
import { PICKUP, tripStops } from '../trip/trip-stops';
import { ROMA, SONORA, address, tripStoreForTest } from './trip-store.fixtures';
import { currentKeyOf } from './trip-state';

type Store = ReturnType<typeof tripStoreForTest>['store'];

const VARSOVIA = { lat: 19.4245207, lng: -99.1676911 };
const ELSEWHERE = { lat: 19.43, lng: -99.16 };
const quote = { total: 35, issuedAt: '2026-05-04T10:00:00Z' } as Quote;
const keysOf = (store: Store) => tripStops(store.get().values).map((stop) => stop.key);
const pointsOf = (store: Store) =>
  Object.fromEntries(tripStops(store.get().values).map((stop) => [stop.key, stop.point]));

/** A and B placed by taps, their addresses answered, and the trip quoted. */
async function quotedTrip() {
  const test = tripStoreForTest();
  const { store, answer } = test;
  const b = keysOf(store)[1]!;
  store.placePin(PICKUP, VARSOVIA, 'map');
  store.placePin(b, SONORA, 'map');
  await answer((at) => address({ ...at, neighborhood: 'Juárez', zipCode: '06600' }));
  await answer((at) => address({ ...at, neighborhood: 'Hipódromo', zipCode: '06100' }));
  store.quoted(quote, structuredClone(store.get().values));
  return { ...test, b };
}

describe('"Deshacer" after a pin moved on the map', () => {
  it('a dragged pin comes back with its fields, where they came from, and the quote shown', async () => {
    const { store, answer, b } = await quotedTrip();
    const before = structuredClone(store.get());
    store.placePin(b, ROMA, 'map');
    await answer((at) => address({ ...at, neighborhood: 'Roma Norte', zipCode: '06700' }));
    expect(store.get().values.dropoffs[0]).toMatchObject({ ...ROMA, neighborhood: 'Roma Norte' });
    expect(store.get().undoable).toMatchObject({ kind: 'moved', key: b, letter: 'B' });

    store.undo();
    expect(store.get().values).toEqual(before.values);
    expect(store.get().provenance).toEqual(before.provenance);
    expect(store.get().lookups[b]).toEqual(before.lookups[b]);
    expect(store.get().shown?.key).toBe(currentKeyOf(store.get()));
    expect(store.get().undoable).toBeNull();
  });

  it('an answer for the spot the pin left, arriving after the undo, fills nothing', async () => {
    const { store, answer, b } = await quotedTrip();
    store.placePin(b, ROMA, 'map');
    store.undo();
    await answer((at) => address({ ...at, neighborhood: 'Roma Norte' }));
    expect(store.get().values.dropoffs[0]).toMatchObject({ ...SONORA, neighborhood: 'Hipódromo' });
  });

  it('a re-quote after the move is kept, and the quote before it comes back with the trip', async () => {
    const { store, b } = await quotedTrip();
    store.placePin(b, ROMA, 'map');
    store.quoted({ ...quote, total: 42 }, structuredClone(store.get().values));
    store.undo();
    expect(store.get().shown?.quote.total).toBe(35);
    expect(store.get().shown?.key).toBe(currentKeyOf(store.get()));
  });

  it('what the dispatcher did to another stop meanwhile stays', async () => {
    const { store, form, b } = await quotedTrip();
    store.placePin(b, ROMA, 'map');
    store.typed(PICKUP, 'street', 'Varsovia');
    form.write('pickup.street', 'Varsovia');
    store.undo();
    expect(store.get().values.pickup.street).toBe('Varsovia');
    expect(store.get().provenance[PICKUP]?.origins.street).toBe('typed');
    expect(store.get().values.dropoffs[0]).toMatchObject(SONORA);
  });

  it('a first pin is no move: nothing to undo', () => {
    const { store } = tripStoreForTest();
    store.placePin(PICKUP, SONORA, 'map');
    expect(store.get().undoable).toBeNull();
  });

  it('is forgotten once the moved stop is edited another way, or the trip replaced', async () => {
    const { store, b } = await quotedTrip();
    store.placePin(b, ROMA, 'map');
    store.typed(b, 'street', 'Sonora');
    expect(store.get().undoable).toBeNull();

    store.placePin(b, SONORA, 'map');
    store.swap();
    expect(store.get().undoable).toBeNull();

    store.placePin(PICKUP, ROMA, 'map');
    store.clear();
    expect(store.get().undoable).toBeNull();
    store.undo();
    expect(store.get().values.pickup.lat).toBeUndefined();
  });
});

describe('"Deshacer" after "Quitar"', () => {
  it('the stop comes back with its fields, at its place in the order and with its letter', async () => {
    const { store, answer, b } = await quotedTrip();
    const c = store.addDropoff()!;
    const d = store.addDropoff()!;
    store.placePin(c, ROMA, 'map');
    await answer((at) => address({ ...at, neighborhood: 'Roma Norte', zipCode: '06700' }));
    store.placePin(d, ELSEWHERE, 'map');
    store.setActiveStop(c);
    const before = structuredClone(store.get());

    store.removeDropoff(c);
    expect(keysOf(store)).toEqual([PICKUP, b, d]);
    expect(store.get().undoable).toMatchObject({ kind: 'removed', key: c, letter: 'C' });

    store.undo();
    expect(keysOf(store)).toEqual([PICKUP, b, c, d]);
    expect(store.get().values).toEqual(before.values);
    expect(store.get().provenance[c]).toEqual(before.provenance[c]);
    expect(store.get().activeStop).toBe(c);
    expect(tripStops(store.get().values)[2]!.letter).toBe('C');
  });
});

/**
 * Every action that moves a point, and the pins of the stops it did not target: untouched. The
 * issue this guards: a tap on pin A's head put B next to A.
 */
describe('no action moves a point the dispatcher did not touch', () => {
  const moves: [string, (store: Store, key: string, at: LatLng) => void][] = [
    ['a tap on the map', (store, key, at) => store.placePin(key, at, 'map')],
    ['a drag of its pin', (store, key, at) => store.placePin(key, at, 'map')],
    ['typed coordinates', (store, key, at) => store.placePin(key, at, 'text')],
    ['"my location"', (store, key, at) => store.placePin(key, at, 'text')],
    [
      'a search result picked',
      (store, key, at) =>
        store.pickResult(key, {
          ...address({ ...at, street: 'Roma' }),
          kind: 'street',
          fromText: [],
        }),
    ],
    [
      'a saved place',
      (store, key, at) => store.fillFromPlace(key, { ...emptyPoint(), street: 'Bodega', ...at }),
    ],
    [
      '"Deshacer" of a move of that stop',
      (store, key, at) => {
        store.placePin(key, at, 'map');
        store.undo();
      },
    ],
  ];

  for (const [name, move] of moves) {
    it(`${name} moves only the stop it is for`, async () => {
      const { store, answer, b } = await quotedTrip();
      const c = store.addDropoff()!;
      store.placePin(c, ELSEWHERE, 'map');
      await answer((at) => address({ ...at, neighborhood: 'Roma Norte' }));
      for (const target of [PICKUP, b, c]) {
        const before = pointsOf(store);
        // The stop the next tap places is never the target: a move goes to the stop it names.
        store.setActiveStop(target === PICKUP ? c : PICKUP);
        move(store, target, { lat: 19.4 + Math.random() / 100, lng: -99.15 });
        const after = pointsOf(store);
        for (const key of [PICKUP, b, c].filter((key) => key !== target)) {
          expect(after[key], `${name} on ${target}: ${key}`).toEqual(before[key]);
        }
      }
    });
  }
});
