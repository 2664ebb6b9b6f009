'use client';

import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { QuoteRequest } from '@/lib/quote/schema';
import { quoteResolver } from '../effects/lazy-quote-resolver';
import { draftKey, emptyDraft, type QuoteDraftValues } from '../trip/draft';
import { tripReadiness } from '../trip/trip-readiness';
import { createProvenanceStore } from './trip-store';
import { earlierOf } from '../trip/trip-readiness';
import { usePointAddresses } from '../effects/use-point-addresses';

/**
 * The trip as a form: react-hook-form over the draft (pickup and drop-offs), validated by the
 * shared schema plus the screen's own rule on fields left from an earlier pin position, the stops'
 * addresses kept in step with their pins, and what is still missing.
 */
export function useTripForm() {
  const [provenanceStore] = useState(createProvenanceStore);
  const resolver = useMemo(
    () => quoteResolver(() => earlierOf(provenanceStore.get())),
    [provenanceStore],
  );
  const form = useForm<QuoteDraftValues, unknown, QuoteRequest>({
    resolver,
    defaultValues: emptyDraft(),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const values = useWatch({ control: form.control }) as QuoteDraftValues;
  const addresses = usePointAddresses(form, provenanceStore);
  const trip = tripReadiness(values, addresses.earlier);
  return {
    form,
    values,
    addresses,
    trip,
    currentKey: draftKey(values),
    /** Readiness from the form's values right now, between renders. */
    tripNow: () => tripReadiness(form.getValues(), earlierOf(provenanceStore.get())),
    provenanceNow: () => provenanceStore.get(),
  };
}
