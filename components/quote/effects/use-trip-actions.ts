'use client';

import { useCallback, useMemo } from 'react';
import type { UseFormGetValues } from 'react-hook-form';
import type { PointHandlers } from '../views/point-fieldset';
import type { LatLng, QuoteDraftValues } from '../trip/draft';
import type { TripReadiness } from '../trip/trip-readiness';
import { nextStopToPlace, PICKUP } from '../trip/trip-stops';
import type { useGuidedFocus } from './use-guided-focus';
import type { PointAddresses } from './use-point-addresses';

/**
 * What the dispatcher does to the stops — a tap or a drag on the map, a search result, typed
 * coordinates, a stop added, moved or removed — and what follows each: which stop the next tap
 * places, which stop is open, where the keyboard goes, and whether the map frames the trip.
 */
export function useTripActions({
  addresses,
  focus,
  getValues,
  tripNow,
  activeStop,
  setActiveStop,
  frameTrip,
}: {
  addresses: PointAddresses;
  focus: ReturnType<typeof useGuidedFocus>;
  getValues: UseFormGetValues<QuoteDraftValues>;
  tripNow: () => TripReadiness;
  activeStop: string;
  setActiveStop: (update: string | ((current: string) => string)) => void;
  frameTrip: (onlyIfOutside?: boolean) => void;
}) {
  /** A pin put down by the map (tap, drag) or by text (coordinates, "my location"). */
  const placeAt = useCallback(
    (key: string, at: LatLng, by: 'map' | 'text') => {
      addresses.placePin(key, at);
      setActiveStop(nextStopToPlace(getValues(), key));
      focus.setOpenStop(key);
      focus.focusAfterLookup(by === 'map');
      frameTrip(by === 'map');
    },
    [addresses, focus, frameTrip, getValues, setActiveStop],
  );

  const onMapTap = useCallback(
    (at: LatLng) => placeAt(activeStop, at, 'map'),
    [activeStop, placeAt],
  );
  const onPinMoved = useCallback((key: string, at: LatLng) => placeAt(key, at, 'map'), [placeAt]);

  const handlers = useMemo<PointHandlers>(
    () => ({
      onPick: (key, result) => {
        addresses.pickResult(key, result);
        setActiveStop(nextStopToPlace(getValues(), key));
        frameTrip();
        focus.focusNext(tripNow(), key);
      },
      onUseTyped: (key, typed) => {
        addresses.applyTypedStreet(key, typed);
        focus.focusNext(tripNow(), key);
      },
      onCoordinates: (key, at) => placeAt(key, at, 'text'),
      onTyped: addresses.typed,
      onKeepEarlier: addresses.keepEarlier,
      onClearEarlier: (key) => {
        addresses.clearEarlier(key);
        focus.focusNext(tripNow(), key);
      },
      onExpand: focus.setOpenStop,
      onUsePlace: (key, place) => {
        addresses.fillFromPlace(key, place.point);
        setActiveStop(nextStopToPlace(getValues(), key));
        frameTrip();
        focus.focusNext(tripNow(), key);
      },
      onMove: (key, step) => {
        addresses.moveDropoff(key, step);
        frameTrip();
      },
      onRemove: (key) => {
        addresses.removeDropoff(key);
        setActiveStop((current) => (current === key ? PICKUP : current));
        frameTrip();
      },
    }),
    [addresses, focus, frameTrip, getValues, placeAt, setActiveStop, tripNow],
  );

  /** A new drop-off: the next tap places it, and its group opens with the focus. */
  const addStop = useCallback(() => {
    const key = addresses.addDropoff();
    if (!key) return;
    setActiveStop(key);
    focus.focusStop(key);
  }, [addresses, focus, setActiveStop]);

  const swap = useCallback(() => {
    addresses.swap();
    frameTrip();
  }, [addresses, frameTrip]);

  return { placeAt, onMapTap, onPinMoved, handlers, addStop, swap };
}
