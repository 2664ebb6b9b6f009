'use client';

import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { AddressField, SearchResult, TypedStreet } from '@/lib/geocoding/answers';
import type { QuoteRequest } from '@/lib/quote/schema';
import {
  earlierCleared,
  earlierFields,
  earlierKept,
  fieldTyped,
  pinMoved,
  reverseAnswered,
  searchPicked,
  typedStreetUsed,
  type PointProvenance,
  type ProvenanceStep,
} from './address-provenance';
import {
  emptyDraftProvenance,
  pinOf,
  POINT_KEYS,
  type DraftProvenance,
  type LatLng,
  type PointKey,
  type QuoteDraftValues,
} from './quote-draft';
import { useReverseGeocode } from './use-reverse-geocode';

type QuoteForm = UseFormReturn<QuoteDraftValues, unknown, QuoteRequest>;

/**
 * Where the points' fields came from, outside React: events in a burst (a tap, then the
 * geocoder's answer) read it synchronously between renders, and the form's resolver reads it to
 * refuse fields left from an earlier position.
 */
export function createProvenanceStore() {
  let value = emptyDraftProvenance();
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: DraftProvenance) {
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
export type ProvenanceStore = ReturnType<typeof createProvenanceStore>;

/** The fields of each point still left from an earlier position of its pin. */
export function earlierOf(provenance: DraftProvenance): Record<PointKey, AddressField[]> {
  return Object.fromEntries(
    POINT_KEYS.map((key) => [key, earlierFields(provenance[key])]),
  ) as Record<PointKey, AddressField[]>;
}

/**
 * The points' addresses as the dispatcher sees them: pins, the fields the geocoder fills, and where
 * every field came from (address-provenance.ts), kept in step. Every change of a pin or a field
 * goes through here, so a field never silently describes a place the pin has left.
 */
export function usePointAddresses(form: QuoteForm, store: ProvenanceStore) {
  const { getValues, setValue, clearErrors } = form;
  const { get, set, subscribe } = store;
  const provenance = useSyncExternalStore(subscribe, get, get);

  const writeOptions = useCallback(
    () => ({ shouldDirty: true, shouldValidate: form.formState.isSubmitted }),
    [form],
  );

  const setPoint = useCallback(
    (key: PointKey, next: PointProvenance) => {
      if (next !== get()[key]) set({ ...get(), [key]: next });
    },
    [get, set],
  );

  const apply = useCallback(
    (key: PointKey, step: ProvenanceStep) => {
      const options = writeOptions();
      for (const [field, value] of Object.entries(step.fields)) {
        setValue(`${key}.${field as AddressField}`, value, options);
      }
      setPoint(key, step.provenance);
    },
    [setPoint, setValue, writeOptions],
  );

  const geocode = useReverseGeocode(
    useCallback(
      (key, address, at) => {
        const pin = pinOf(getValues(key));
        if (!pin || pin.lat !== at.lat || pin.lng !== at.lng) return [];
        const step = reverseAnswered(getValues(key), get()[key], at, address);
        apply(key, step);
        return step.filled;
      },
      [apply, get, getValues],
    ),
  );

  const movePin = useCallback(
    (key: PointKey, at: LatLng) => {
      const options = writeOptions();
      setValue(`${key}.lat`, at.lat, options);
      setValue(`${key}.lng`, at.lng, options);
    },
    [setValue, writeOptions],
  );

  /** A pin placed or moved (tap, drag, typed coordinates, "my location"); its address is looked up. */
  const placePin = useCallback(
    (key: PointKey, at: LatLng) => {
      movePin(key, at);
      apply(key, pinMoved(getValues(key), get()[key], at));
      void geocode.lookup(key, at);
    },
    [apply, geocode, get, getValues, movePin],
  );

  /** A search result picked: the pin goes there and the result fills the fields. */
  const pickResult = useCallback(
    (key: PointKey, result: SearchResult) => {
      geocode.forget(key);
      movePin(key, result);
      apply(key, searchPicked(getValues(key), get()[key], result));
    },
    [apply, geocode, get, getValues, movePin],
  );

  /** The street and numbers of the dispatcher's search text, taken as typed; the pin stays. */
  const applyTypedStreet = useCallback(
    (key: PointKey, typed: TypedStreet) =>
      apply(key, typedStreetUsed(getValues(key), get()[key], typed)),
    [apply, get, getValues],
  );

  /** The dispatcher edited a field by hand. */
  const typed = useCallback(
    (key: PointKey, field: AddressField, value: string) =>
      setPoint(key, fieldTyped(get()[key], field, value)),
    [get, setPoint],
  );

  /** "Keep them": the fields left from the previous position are right after all. */
  const keepEarlier = useCallback(
    (key: PointKey) => {
      const fields = earlierFields(get()[key]);
      setPoint(key, earlierKept(get()[key], pinOf(getValues(key))));
      clearErrors(fields.map((field) => `${key}.${field}` as const));
    },
    [clearErrors, get, getValues, setPoint],
  );

  /** "Clear them": the fields left from the previous position are emptied. */
  const clearEarlier = useCallback(
    (key: PointKey) => {
      const fields = earlierFields(get()[key]);
      apply(key, earlierCleared(get()[key]));
      clearErrors(fields.map((field) => `${key}.${field}` as const));
    },
    [apply, clearErrors, get],
  );

  /** A and B trade places, with their fields, their provenance and their lookups. */
  const swap = useCallback(() => {
    const values = getValues();
    const options = writeOptions();
    setValue('pickup', values.dropoff, options);
    setValue('dropoff', values.pickup, options);
    const { pickup, dropoff } = get();
    set({ pickup: dropoff, dropoff: pickup });
    for (const key of geocode.swap()) {
      const pin = pinOf(getValues(key));
      if (pin) void geocode.lookup(key, pin);
    }
  }, [geocode, get, getValues, set, setValue, writeOptions]);

  /** Everything replaced at once: a cleared screen, a restored draft, a reopened quote. */
  const replace = useCallback(
    (next: DraftProvenance = emptyDraftProvenance()) => {
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
    typed,
    keepEarlier,
    clearEarlier,
    swap,
    replace,
  };
}

export type PointAddresses = ReturnType<typeof usePointAddresses>;
