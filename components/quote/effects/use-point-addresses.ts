'use client';

import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { AddressField, SearchResult, TypedStreet } from '@/lib/api/geocode';
import type { QuoteRequest } from '@/lib/quote/schema';
import {
  ADDRESS_FIELDS,
  vouchedFor,
  earlierCleared,
  earlierFields,
  earlierKept,
  emptyProvenance,
  fieldTyped,
  pinMoved,
  reverseAnswered,
  searchPicked,
  typedStreetUsed,
  type PointProvenance,
  type ProvenanceStep,
} from '../trip/address-provenance';
import { type DraftProvenance } from '../trip/address-provenance';
import { pinOf, type LatLng, type PointDraft, type QuoteDraftValues } from '../trip/draft';
import {
  PICKUP,
  stopByKey,
  tripStops,
  withDropoffAdded,
  withDropoffMoved,
  withDropoffRemoved,
  withPickupSwapped,
} from '../trip/trip-stops';
import { type ProvenanceStore } from '../store/trip-store';
import { earlierOf } from '../trip/trip-readiness';
import { useReverseGeocode } from './use-reverse-geocode';

type QuoteForm = UseFormReturn<QuoteDraftValues, unknown, QuoteRequest>;

/**
 * The stops' addresses as the dispatcher sees them: pins, the fields the geocoder fills, where
 * every field came from (address-provenance.ts), and the list of stops itself, kept in step.
 * Every change of a pin, a field or a stop goes through here, so a field never silently describes
 * a place its pin has left.
 */
export function usePointAddresses(form: QuoteForm, store: ProvenanceStore) {
  const { getValues, setValue, clearErrors } = form;
  const { get, set, subscribe } = store;
  const provenance = useSyncExternalStore(subscribe, get, get);

  const writeOptions = useCallback(
    () => ({ shouldDirty: true, shouldValidate: form.formState.isSubmitted }),
    [form],
  );

  const provenanceOf = useCallback((key: string) => get()[key] ?? emptyProvenance(), [get]);

  const setPoint = useCallback(
    (key: string, next: PointProvenance) => {
      if (next !== get()[key]) set({ ...get(), [key]: next });
    },
    [get, set],
  );

  /** A stop's current path in the form ('pickup', 'dropoffs.2'), or undefined once removed. */
  const pathOf = useCallback((key: string) => stopByKey(getValues(), key)?.path, [getValues]);

  const apply = useCallback(
    (key: string, step: ProvenanceStep) => {
      const path = pathOf(key);
      if (!path) return;
      const options = writeOptions();
      for (const [field, value] of Object.entries(step.fields)) {
        setValue(`${path}.${field as AddressField}`, value, options);
      }
      setPoint(key, step.provenance);
    },
    [pathOf, setPoint, setValue, writeOptions],
  );

  const pointOf = useCallback((key: string) => stopByKey(getValues(), key)?.point, [getValues]);

  const geocode = useReverseGeocode(
    useCallback(
      (key, address, at) => {
        const point = pointOf(key);
        const pin = pinOf(point);
        if (!point || !pin || pin.lat !== at.lat || pin.lng !== at.lng) return [];
        const step = reverseAnswered(point, provenanceOf(key), at, address);
        apply(key, step);
        return step.filled;
      },
      [apply, pointOf, provenanceOf],
    ),
  );

  const movePin = useCallback(
    (key: string, at: LatLng) => {
      const path = pathOf(key);
      if (!path) return;
      const options = writeOptions();
      setValue(`${path}.lat`, at.lat, options);
      setValue(`${path}.lng`, at.lng, options);
    },
    [pathOf, setValue, writeOptions],
  );

  /** A pin placed or moved (tap, drag, typed coordinates, "my location"); its address is looked up. */
  const placePin = useCallback(
    (key: string, at: LatLng) => {
      const point = pointOf(key);
      if (!point) return;
      movePin(key, at);
      apply(key, pinMoved(point, provenanceOf(key), at));
      void geocode.lookup(key, at);
    },
    [apply, geocode, movePin, pointOf, provenanceOf],
  );

  /** A search result picked: the pin goes there and the result fills the fields. */
  const pickResult = useCallback(
    (key: string, result: SearchResult) => {
      const point = pointOf(key);
      if (!point) return;
      geocode.forget([key]);
      movePin(key, result);
      apply(key, searchPicked(point, provenanceOf(key), result));
    },
    [apply, geocode, movePin, pointOf, provenanceOf],
  );

  /** A saved place fills the stop: its pin and every field, as the dispatcher saved them. */
  const fillFromPlace = useCallback(
    (key: string, place: PointDraft) => {
      const path = pathOf(key);
      const at = pinOf(place);
      if (!path || !at) return;
      geocode.forget([key]);
      movePin(key, at);
      const options = writeOptions();
      for (const field of ADDRESS_FIELDS) setValue(`${path}.${field}`, place[field], options);
      setPoint(key, vouchedFor(place));
    },
    [geocode, movePin, pathOf, setPoint, setValue, writeOptions],
  );

  /** The street and numbers of the dispatcher's search text, taken as typed; the pin stays. */
  const applyTypedStreet = useCallback(
    (key: string, typed: TypedStreet) => {
      const point = pointOf(key);
      if (point) apply(key, typedStreetUsed(point, provenanceOf(key), typed));
    },
    [apply, pointOf, provenanceOf],
  );

  /** The dispatcher edited a field by hand. */
  const typed = useCallback(
    (key: string, field: AddressField, value: string) =>
      setPoint(key, fieldTyped(provenanceOf(key), field, value)),
    [provenanceOf, setPoint],
  );

  const clearErrorsOf = useCallback(
    (key: string, fields: AddressField[]) => {
      const path = pathOf(key);
      if (path) clearErrors(fields.map((field) => `${path}.${field}` as const));
    },
    [clearErrors, pathOf],
  );

  /** "Keep them": the fields left from the previous position are right after all. */
  const keepEarlier = useCallback(
    (key: string) => {
      const fields = earlierFields(provenanceOf(key));
      setPoint(key, earlierKept(provenanceOf(key), pinOf(pointOf(key))));
      clearErrorsOf(key, fields);
    },
    [clearErrorsOf, pointOf, provenanceOf, setPoint],
  );

  /** "Clear them": the fields left from the previous position are emptied. */
  const clearEarlier = useCallback(
    (key: string) => {
      const fields = earlierFields(provenanceOf(key));
      apply(key, earlierCleared(provenanceOf(key)));
      clearErrorsOf(key, fields);
    },
    [apply, clearErrorsOf, provenanceOf],
  );

  /** The list of stops changed as a whole (added, removed, moved); errors follow their fields. */
  const replaceStops = useCallback(
    (next: QuoteDraftValues) => {
      clearErrors();
      setValue('dropoffs', next.dropoffs, writeOptions());
      if (next.pickup !== getValues('pickup')) setValue('pickup', next.pickup, writeOptions());
      const keys = new Set(tripStops(next).map((stop) => stop.key));
      const kept = Object.fromEntries(Object.entries(get()).filter(([key]) => keys.has(key)));
      if (Object.keys(kept).length !== Object.keys(get()).length) set(kept);
      geocode.forget(Object.keys(geocode.status).filter((key) => !keys.has(key)));
    },
    [clearErrors, geocode, get, getValues, set, setValue, writeOptions],
  );

  const addDropoff = useCallback((): string | null => {
    const before = getValues();
    const next = withDropoffAdded(before);
    if (next === before) return null;
    replaceStops(next);
    return next.dropoffs.at(-1)!.id!;
  }, [getValues, replaceStops]);

  const removeDropoff = useCallback(
    (key: string) => replaceStops(withDropoffRemoved(getValues(), key)),
    [getValues, replaceStops],
  );

  const moveDropoff = useCallback(
    (key: string, step: -1 | 1) => replaceStops(withDropoffMoved(getValues(), key, step)),
    [getValues, replaceStops],
  );

  /** A and B trade addresses, with their provenance and their lookups. */
  const swap = useCallback(() => {
    const values = getValues();
    const first = values.dropoffs[0]?.id;
    if (!first) return;
    replaceStops(withPickupSwapped(values));
    set({ ...get(), [PICKUP]: provenanceOf(first), [first]: provenanceOf(PICKUP) });
    for (const key of geocode.swap(PICKUP, first)) {
      const pin = pinOf(pointOf(key));
      if (pin) void geocode.lookup(key, pin);
    }
  }, [geocode, get, getValues, pointOf, provenanceOf, replaceStops, set]);

  /** Everything replaced at once: a cleared screen, a restored draft, a reopened quote. */
  const replace = useCallback(
    (next: DraftProvenance = {}) => {
      geocode.forget();
      set(next);
    },
    [geocode, set],
  );

  const earlier = useMemo(() => earlierOf(provenance), [provenance]);

  return {
    provenance,
    earlier,
    lookups: geocode.status,
    placePin,
    pickResult,
    applyTypedStreet,
    fillFromPlace,
    typed,
    keepEarlier,
    clearEarlier,
    addDropoff,
    removeDropoff,
    moveDropoff,
    swap,
    replace,
  };
}

export type PointAddresses = ReturnType<typeof usePointAddresses>;
