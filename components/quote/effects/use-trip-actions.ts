'use client';

import { useMemo } from 'react';
import type { AddressField, SearchResult, TypedStreet } from '@/lib/api/geocode';
import type { TripStore } from '../store/trip-store';
import { readinessOf } from '../store/trip-state';
import type { LatLng } from '../trip/draft';
import type { SavedPlace } from '../trip/saved-places';
import type { useGuidedFocus } from './use-guided-focus';

type GuidedFocus = ReturnType<typeof useGuidedFocus>;

/** What a stop's fieldset asks for, by the stop's key. */
export interface PointHandlers {
  onPick: (key: string, result: SearchResult) => void;
  onUseTyped: (key: string, typed: TypedStreet) => void;
  onCoordinates: (key: string, at: LatLng) => void;
  onTyped: (key: string, field: AddressField, value: string) => void;
  onKeepEarlier: (key: string) => void;
  onClearEarlier: (key: string) => void;
  onExpand: (key: string) => void;
  onMove: (key: string, step: -1 | 1) => void;
  onRemove: (key: string) => void;
  onUsePlace: (key: string, place: SavedPlace) => void;
}

/**
 * What the dispatcher does to the stops — a tap or a drag on the map, a search result, typed
 * coordinates, a stop added, moved or removed — as store actions, and where the keyboard goes
 * after each (which stop is open, which field is next).
 */
export function useTripActions(store: TripStore, focus: GuidedFocus) {
  return useMemo(() => {
    const focusNext = (key: string) => focus.focusNext(readinessOf(store.get()), key);

    /** A pin put down by the map (tap, drag) or by text (coordinates, "my location"). */
    const placeAt = (key: string, at: LatLng, by: 'map' | 'text') => {
      store.placePin(key, at, by);
      focus.setOpenStop(key);
      focus.focusAfterLookup(by === 'map');
    };

    const handlers: PointHandlers = {
      onPick: (key, result) => {
        store.pickResult(key, result);
        focusNext(key);
      },
      onUseTyped: (key, typed) => {
        store.applyTypedStreet(key, typed);
        focusNext(key);
      },
      onCoordinates: (key, at) => placeAt(key, at, 'text'),
      onTyped: store.typed,
      onKeepEarlier: store.keepEarlier,
      onClearEarlier: (key) => {
        store.clearEarlier(key);
        focusNext(key);
      },
      onExpand: focus.setOpenStop,
      onUsePlace: (key, place) => {
        store.fillFromPlace(key, place.point);
        focusNext(key);
      },
      onMove: store.moveDropoff,
      onRemove: store.removeDropoff,
    };

    return {
      placeAt,
      /** A tap on the map places the stop the dispatcher chose for the next tap. */
      onMapTap: (at: LatLng) => placeAt(store.get().activeStop, at, 'map'),
      onPinMoved: (key: string, at: LatLng) => placeAt(key, at, 'map'),
      /** A tap on a pin chooses its stop, as its fieldset would; it places nothing. */
      onPinSelected: (key: string) => {
        store.setActiveStop(key);
        focus.setOpenStop(key);
      },
      handlers,
      /** A new drop-off: the next tap places it, and its group opens with the focus. */
      addStop: () => {
        const key = store.addDropoff();
        if (key) focus.focusStop(key);
      },
    };
  }, [focus, store]);
}
