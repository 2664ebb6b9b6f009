'use client';

import { useEffect, useMemo, useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import type { QuoteRequest } from '@/lib/quote/schema';
import { formWasReset } from './form-resets';
import { fetchAddressAt } from './reverse-geocode';
import { quoteResolver } from './lazy-quote-resolver';
import { emptyDraft, type QuoteDraftValues } from '../trip/draft';
import { earlierOf } from '../trip/trip-readiness';
import type { TripForm } from '../store/store-core';
import { createTripStore, type TripStore } from '../store/trip-store';

export type QuoteForm = UseFormReturn<QuoteDraftValues, unknown, QuoteRequest>;

/**
 * The one place where react-hook-form and the trip store meet. The form keeps the fields the
 * dispatcher edits and validates them with the shared schema, plus the screen's own rule on
 * fields left from an earlier pin position (read from the store); every change of its values is
 * mirrored into the store, and the store writes to the form through `TripForm`.
 */
export function useTripForm(): { form: QuoteForm; store: TripStore } {
  const [store] = useState(() =>
    createTripStore({ values: emptyDraft(), fetchAddress: fetchAddressAt }),
  );
  const resolver = useMemo(() => quoteResolver(() => earlierOf(store.get().provenance)), [store]);
  const form = useForm<QuoteDraftValues, unknown, QuoteRequest>({
    resolver,
    defaultValues: store.get().values,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });

  useEffect(() => {
    // Whether "Cotizar" was pressed since the form was last reset, heard rather than read from
    // `form.formState`: a read there subscribes the whole screen to it, and react-hook-form sends
    // it at the end of every submit, so the screen drew once more at each "Cotizar".
    const submitted = { now: false };
    const unheard = form.subscribe({
      formState: { isSubmitted: true },
      callback: ({ isSubmitted }) => {
        submitted.now = Boolean(isSubmitted);
      },
    });
    const disconnect = store.connectForm(formPort(form, () => submitted.now));
    const mirror = () => store.syncValues(structuredClone(form.getValues()));
    mirror();
    const unsubscribe = form.subscribe({ formState: { values: true }, callback: mirror });
    return () => {
      unsubscribe();
      disconnect();
      unheard();
    };
  }, [form, store]);

  return { form, store };
}

function formPort(form: QuoteForm, isSubmitted: () => boolean): TripForm {
  return {
    write: (path, value) =>
      form.setValue(path as 'pickup', value as QuoteDraftValues['pickup'], {
        shouldDirty: true,
        // After a "Cotizar", a pin's address is checked as it comes, as a typed one is.
        shouldValidate: isSubmitted(),
      }),
    reset: (values) => {
      form.reset(values);
      formWasReset(form);
    },
    clearErrors: (paths) => form.clearErrors(paths as 'pickup'[] | undefined),
  };
}
