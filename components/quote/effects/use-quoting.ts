'use client';

import { useState } from 'react';
import type { FieldPath } from 'react-hook-form';
import type { QuoteAnswer } from '@/lib/api/quote';
import { RequestError } from '@/components/ui/api-client';
import type { QuoteRequest } from '@/lib/quote/schema';
import type { QuoteForm } from './use-trip-form';
import type { TripStore } from '../store/trip-store';
import { currentKeyOf, type ShownQuote } from '../store/trip-state';
import { useTripSlice } from '../store/use-trip';
import { draftKey, type QuoteDraftValues } from '../trip/draft';
import { useOfflineQueue } from './use-offline-queue';
import { useQuoteRequest } from './use-quote-request';

/**
 * "Cotizar" for the trip in the store: sent at once, or, without a network, queued and sent once
 * it is back. A quote is shown (the store frames its pins); the courier's field refusals land on
 * their fields. `onAnswered` hears every answer shown: the quote, or null for a refusal.
 */
export function useQuoting({
  form,
  store,
  resumeKey,
  onAnswered,
}: {
  form: QuoteForm;
  store: TripStore;
  resumeKey: string;
  onAnswered: (quoted: Omit<ShownQuote, 'key'> | null) => void;
}) {
  const currentKey = useTripSlice(store, currentKeyOf);
  const mutation = useQuoteRequest({
    resumeKey,
    onQuoted: (quote, { values }) => {
      store.quoted(quote, values);
      onAnswered({ quote, values });
    },
    onRefused: (error) => {
      if (error instanceof RequestError && error.code === 'invalid_request' && error.fields) {
        for (const [path, message] of Object.entries(error.fields)) {
          form.setError(path as FieldPath<QuoteDraftValues>, { type: 'server', message });
        }
      }
      onAnswered(null);
    },
    onOffline: (attempt) => offline.queue(attempt),
  });
  const offline = useOfflineQueue({ currentKey, send: mutation.mutate });

  /** The trip as it is now, validated (`request`), sent or queued. */
  function send(request: QuoteRequest) {
    const values = structuredClone(store.get().values);
    const attempt = { request, values, key: draftKey(values) };
    // Without a network it waits, said plainly, and goes once the network is back.
    if (offline.online) {
      offline.drop();
      mutation.mutate(attempt);
    } else {
      mutation.reset();
      offline.queue(attempt);
    }
  }

  const answer = useLastAnswer(mutation.data);
  return { mutation, offline, currentKey, send, answer };
}

/**
 * The last answer, kept while the next request is on its way: React Query forgets a mutation's
 * data when another starts, and the quote still on the screen (stale, being quoted again) would
 * lose its reference and its customer's link until the new answer came. The result reads it for
 * the quote it answered only (quote-result.tsx, recordOf).
 */
function useLastAnswer(data: QuoteAnswer | undefined): QuoteAnswer | undefined {
  const [last, setLast] = useState(data);
  if (data !== undefined && data !== last) setLast(data);
  return data ?? last;
}
