import { describe, expect, it } from 'vitest';
import type { Quote } from '@/lib/api/quote';
import { emptyDraft, MAX_DROPOFFS } from '../trip/draft';
import { PICKUP, tripStops } from '../trip/trip-stops';
import { ROMA, SONORA, address, tripStoreForTest } from './trip-store.fixtures';
import { canUndoClear, currentKeyOf, isTripEmpty, readinessOf, storedDraftOf } from './trip-state';

const keysOf = (store: ReturnType<typeof tripStoreForTest>['store']) =>
  tripStops(store.get().values).map((stop) => stop.key);
const letterOf = (store: ReturnType<typeof tripStoreForTest>['store'], key: string) =>
  tripStops(store.get().values).find((stop) => stop.key === key)?.letter;

describe('a pin on the map', () => {
  it('a tap places the stop chosen for it, its address fills the fields, and B is next', async () => {
    const { store, answer } = tripStoreForTest();
    const b = keysOf(store)[1]!;
    store.placePin(store.get().activeStop, SONORA, 'map');
    expect(store.get().values.pickup).toMatchObject(SONORA);
    expect(store.get().lookups[PICKUP]).toEqual({ state: 'loading' });
    expect(store.get().activeStop).toBe(b);

    await answer((at) => address({ ...at, neighborhood: 'Hipódromo', zipCode: '06100' }));
    expect(store.get().values.pickup).toMatchObject({
      neighborhood: 'Hipódromo',
      zipCode: '06100',
    });
    expect(store.get().provenance[PICKUP]?.origins).toEqual({
      neighborhood: 'pin',
      zipCode: 'pin',
    });
    expect(store.get().lookups[PICKUP]).toEqual({
      state: 'filled',
      filled: ['neighborhood', 'zipCode'],
    });
  });

  it('a tap moves only the stop chosen for it: the other pins stay where they are', () => {
    const { store } = tripStoreForTest();
    const b = keysOf(store)[1]!;
    store.placePin(PICKUP, SONORA, 'map');
    store.placePin(b, ROMA, 'map');
    store.setActiveStop(b);
    store.placePin(store.get().activeStop, { lat: 19.43, lng: -99.16 }, 'map');
    expect(store.get().values.pickup).toMatchObject(SONORA);
    expect(store.get().values.dropoffs[0]).toMatchObject({ lat: 19.43, lng: -99.16 });
  });

  it('dragged 1 km after its street was typed: every field is marked from the previous point', () => {
    const { store } = tripStoreForTest();
    store.placePin(PICKUP, SONORA, 'map');
    for (const [field, value] of [
      ['street', 'Sonora'],
      ['exteriorNumber', '180'],
    ] as const) {
      store.typed(PICKUP, field, value);
      // The dispatcher's typing reaches the store through the form.
      store.syncValues({
        ...store.get().values,
        pickup: { ...store.get().values.pickup, [field]: value },
      });
    }
    store.placePin(PICKUP, ROMA, 'map');
    expect(readinessOf(store.get())[0]!.earlier).toEqual(['street', 'exteriorNumber']);

    store.keepEarlier(PICKUP);
    expect(readinessOf(store.get())[0]!.earlier).toEqual([]);
  });

  it('an answer for a spot the pin has since left fills nothing', async () => {
    const { store, answer } = tripStoreForTest();
    store.placePin(PICKUP, SONORA, 'map');
    store.placePin(PICKUP, ROMA, 'map');
    await answer((at) => address({ ...at, neighborhood: 'Hipódromo' }));
    expect(store.get().values.pickup.neighborhood).toBe('');
    await answer((at) => address({ ...at, neighborhood: 'Roma Norte' }));
    expect(store.get().values.pickup.neighborhood).toBe('Roma Norte');
  });
});

describe('the list of stops', () => {
  it('added, moved and removed, every stop keeps its key, and the letters follow the order', () => {
    const { store } = tripStoreForTest();
    const b = keysOf(store)[1]!;
    const c = store.addDropoff()!;
    const d = store.addDropoff()!;
    expect(store.get().activeStop).toBe(d);
    expect(keysOf(store)).toEqual([PICKUP, b, c, d]);

    store.moveDropoff(d, -1);
    expect(keysOf(store)).toEqual([PICKUP, b, d, c]);
    expect(letterOf(store, d)).toBe('C');

    store.removeDropoff(b);
    expect(keysOf(store)).toEqual([PICKUP, d, c]);
    expect(letterOf(store, d)).toBe('B');
    expect(store.get().activeStop).toBe(d);
  });

  it('removing the stop the next tap would place hands the next tap back to A', () => {
    const { store } = tripStoreForTest();
    const c = store.addDropoff()!;
    store.removeDropoff(c);
    expect(store.get().activeStop).toBe(PICKUP);
    expect(keysOf(store)).not.toContain(c);
  });

  it(`takes at most ${MAX_DROPOFFS} drop-offs`, () => {
    const { store } = tripStoreForTest();
    while (store.addDropoff());
    expect(store.get().values.dropoffs).toHaveLength(MAX_DROPOFFS);
    expect(store.addDropoff()).toBeNull();
  });

  it('A and B swapped trade their places and where their fields came from', () => {
    const { store } = tripStoreForTest();
    const b = keysOf(store)[1]!;
    store.placePin(PICKUP, SONORA, 'map');
    store.typed(PICKUP, 'street', 'Sonora');
    store.swap();
    expect(store.get().values.dropoffs[0]).toMatchObject({ ...SONORA, id: b });
    expect(store.get().values.pickup.lat).toBeUndefined();
    expect(store.get().provenance[b]?.origins.street).toBe('typed');
    expect(store.get().provenance[PICKUP]?.origins).toEqual({});
  });
});

describe('the trip as a whole', () => {
  const quote = { total: 35, issuedAt: '2026-05-04T10:00:00Z' } as Quote;

  it('"Limpiar" empties the screen and can be undone until a new trip is started', () => {
    const { store } = tripStoreForTest();
    store.placePin(PICKUP, SONORA, 'map');
    store.quoted(quote, structuredClone(store.get().values));
    const before = currentKeyOf(store.get());

    store.clear();
    expect(store.get().shown).toBeNull();
    expect(canUndoClear(store.get())).toBe(true);
    store.undoClear();
    expect(currentKeyOf(store.get())).toBe(before);
    expect(store.get().shown?.quote).toBe(quote);

    store.clear();
    store.placePin(PICKUP, ROMA, 'map');
    expect(canUndoClear(store.get())).toBe(false);
  });

  it('"Limpiar" is offered for a customer typed alone, and clears it', () => {
    const { store } = tripStoreForTest();
    expect(isTripEmpty(store.get())).toBe(true);
    store.syncValues({ ...structuredClone(store.get().values), customer: 'Florería Lupe' });
    expect(isTripEmpty(store.get())).toBe(false);
    store.clear();
    expect(store.get().values.customer).toBe('');
    expect(isTripEmpty(store.get())).toBe(true);
    store.undoClear();
    expect(store.get().values.customer).toBe('Florería Lupe');
  });

  it('a quote is fresh for the trip it was asked for, and stale once a pin moves', () => {
    const { store } = tripStoreForTest();
    store.placePin(PICKUP, SONORA, 'map');
    store.quoted(quote, structuredClone(store.get().values));
    expect(store.get().shown?.key).toBe(currentKeyOf(store.get()));
    store.placePin(PICKUP, ROMA, 'map');
    expect(store.get().shown?.key).not.toBe(currentKeyOf(store.get()));
  });

  it('a reopened recent quote is vouched for field by field and shown as it was quoted', () => {
    const { store } = tripStoreForTest();
    const values = emptyDraft();
    values.pickup = { ...values.pickup, street: 'Sonora', exteriorNumber: '180', ...SONORA };
    store.openRecent({ id: 'r1', values, quote });
    expect(readinessOf(store.get())[0]!.earlier).toEqual([]);
    expect(store.get().provenance[PICKUP]?.origins.street).toBe('typed');
    expect(store.get().shown?.key).toBe(currentKeyOf(store.get()));
  });

  it('what the device keeps comes back as it was', () => {
    const { store } = tripStoreForTest();
    store.placePin(PICKUP, SONORA, 'map');
    store.typed(PICKUP, 'street', 'Sonora');
    const saved = structuredClone(storedDraftOf(store.get()));
    const other = tripStoreForTest().store;
    other.restore(saved);
    expect(storedDraftOf(other.get())).toEqual(saved);
  });
});
