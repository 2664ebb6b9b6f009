import { emptyProvenance } from '../trip/address-provenance';
import { pinOf, type QuoteDraftValues } from '../trip/draft';
import {
  PICKUP,
  tripStops,
  withDropoffAdded,
  withDropoffMoved,
  withDropoffRemoved,
  withPickupSwapped,
} from '../trip/trip-stops';
import type { StoreCore } from './store-core';
import { nextFrame } from './trip-state';

/**
 * The list of stops changed as a whole: a drop-off added, moved or removed, A and B swapped. The
 * stops' provenance and lookups follow their keys; errors follow their fields.
 */
export function stopListActions(core: StoreCore) {
  const { get, update, form, lookups, history } = core;
  const frame = () => update({ frame: nextFrame(get(), false) });

  function replaceStops(next: QuoteDraftValues) {
    const { values, provenance } = get();
    form.clearErrors();
    form.write('dropoffs', next.dropoffs);
    if (next.pickup !== values.pickup) form.write('pickup', next.pickup);
    const keys = new Set(tripStops(next).map((stop) => stop.key));
    const kept = Object.fromEntries(Object.entries(provenance).filter(([key]) => keys.has(key)));
    if (Object.keys(kept).length !== Object.keys(provenance).length) update({ provenance: kept });
    lookups.forget(Object.keys(get().lookups).filter((key) => !keys.has(key)));
  }

  return {
    /** A new drop-off, which the next tap places; its key, or null when the trip is full. */
    addDropoff(): string | null {
      const before = get().values;
      const next = withDropoffAdded(before);
      if (next === before) return null;
      history.drop();
      replaceStops(next);
      const key = next.dropoffs.at(-1)!.id!;
      update({ activeStop: key });
      return key;
    },

    /** The drop-off `key` removed; "Deshacer" brings it back. */
    removeDropoff(key: string) {
      history.remember('removed', key);
      replaceStops(withDropoffRemoved(get().values, key));
      if (get().activeStop === key) update({ activeStop: PICKUP });
      frame();
    },

    /** The drop-off `key` one place earlier (-1) or later (+1). */
    moveDropoff(key: string, step: -1 | 1) {
      history.drop();
      replaceStops(withDropoffMoved(get().values, key, step));
      frame();
    },

    /** A and B trade addresses, with their provenance and their lookups. */
    swap() {
      const { values } = get();
      const first = values.dropoffs[0]?.id;
      if (!first) return;
      history.drop();
      replaceStops(withPickupSwapped(values));
      const { provenance } = get();
      update({
        provenance: {
          ...provenance,
          [PICKUP]: provenance[first] ?? emptyProvenance(),
          [first]: provenance[PICKUP] ?? emptyProvenance(),
        },
      });
      for (const key of lookups.swap(PICKUP, first)) {
        const pin = pinOf(tripStops(get().values).find((stop) => stop.key === key)?.point);
        if (pin) void lookups.lookup(key, pin);
      }
      frame();
    },
  };
}
