'use client';

import { useSyncExternalStore } from 'react';
import { requiredContext } from '@/components/ui/required-context';
import type { TripStore } from './trip-store';
import type { TripState } from './trip-state';

/** The screen's trip store, for the views below QuoteWorkspace. */
export const [TripStoreContext, useTripStore] = requiredContext<TripStore>(
  'useTripStore outside the quote workspace',
);

/**
 * A slice of the trip, re-rendering only when that slice changes. The selector must return a part
 * of the state or a plain value (a new object at every call would never settle).
 */
export function useTrip<T>(select: (state: TripState) => T): T {
  return useTripSlice(useTripStore(), select);
}

/** useTrip for the component that makes the store (above its context). */
export function useTripSlice<T>(store: TripStore, select: (state: TripState) => T): T {
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.get()),
    () => select(store.get()),
  );
}
