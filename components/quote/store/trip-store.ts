import type { FoundAddress } from '@/lib/api/geocode';
import { createAddressLookups } from './address-lookups';
import type { QuoteDraftValues, LatLng } from '../trip/draft';
import type { StoreBase, StoreCore, TripForm } from './store-core';
import { pointActions } from './point-actions';
import { stopListActions } from './stop-list-actions';
import { undoActions } from './undo-actions';
import { initialTripState, type TripState } from './trip-state';
import { wholeTripActions } from './whole-trip-actions';

export interface TripStorePorts {
  /** The form's default values. */
  values: QuoteDraftValues;
  /** The address at a point (effects/reverse-geocode.ts), or null when there is none. */
  fetchAddress: (at: LatLng, signal: AbortSignal) => Promise<FoundAddress | null>;
}

/**
 * The quote screen's one trip store: its state (trip-state.ts), subscribed to outside React (the
 * form's resolver, events in a burst) and inside it (useTrip, with useSyncExternalStore), and every
 * change the dispatcher can make to the trip, each a plain function.
 */
export function createTripStore({ values, fetchAddress }: TripStorePorts) {
  let connected: TripForm = NO_FORM;
  const form: TripForm = {
    write: (path, value) => connected.write(path, value),
    reset: (next) => connected.reset(next),
    clearErrors: (paths) => connected.clearErrors(paths),
  };
  let state = initialTripState(structuredClone(values));
  const listeners = new Set<() => void>();
  const get = () => state;
  const update = (patch: Partial<TripState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };
  const lookups = createAddressLookups({
    fetchAddress,
    setStatus: (change) => {
      const next = change(state.lookups);
      if (next !== state.lookups) update({ lookups: next });
    },
    onAddress: (key, address, at) => points.reverseAnswered(key, address, at),
  });
  const base: StoreBase = { get, update, form, lookups };
  const { history, undo } = undoActions(base);
  const core: StoreCore = { ...base, history };
  const points = pointActions(core);
  const stops = stopListActions(core);
  return {
    get,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** The form the store writes to, from now until the returned function is called. */
    connectForm(next: TripForm) {
      connected = next;
      return () => {
        if (connected === next) connected = NO_FORM;
      };
    },
    /** The form's values changed (the binding calls this at every change). */
    syncValues(next: QuoteDraftValues) {
      if (JSON.stringify(next) !== JSON.stringify(state.values)) update({ values: next });
    },
    ...points,
    ...stops,
    ...wholeTripActions(core),
    /** "Deshacer": the last stop moved on the map or removed, back as it was. */
    undo,
  };
}

export type TripStore = ReturnType<typeof createTripStore>;

/** Before the form is bound (nothing changes the trip before the screen has mounted). */
const NO_FORM: TripForm = { write: () => {}, reset: () => {}, clearErrors: () => {} };
