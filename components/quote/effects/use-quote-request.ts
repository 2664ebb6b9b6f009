'use client';

import { useCallback, useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { callApi, RequestError } from '@/components/ui/api-client';
import type { Quote, QuoteAnswer } from '@/lib/api/quote';
import type { QuoteRequest } from '@/lib/quote/schema';
import { isSessionOver } from '../trip/quote-outcome';
import { heardServerClock } from './use-server-clock';
import type { QuoteDraftValues } from '../trip/draft';

/** One "Cotizar": the request sent, the draft as it was, and that draft's fingerprint. */
export interface QuoteAttempt {
  request: QuoteRequest;
  values: QuoteDraftValues;
  key: string;
}

/** Set when a quote was cut short by an expired session: after signing in, it is asked again. */
export function markQuoteToResume(resumeKey: string) {
  try {
    sessionStorage.setItem(resumeKey, '1');
  } catch {
    // Without sessionStorage the dispatcher presses Cotizar once more.
  }
}

export function takeQuoteToResume(resumeKey: string): boolean {
  try {
    if (!sessionStorage.getItem(resumeKey)) return false;
    sessionStorage.removeItem(resumeKey);
    return true;
  } catch {
    return false;
  }
}

/**
 * The quote request: sent once per "Cotizar", never retried behind the dispatcher's back. An
 * expired session sends them to sign in (the draft is on the device) and the quote resumes after.
 *
 * Only the latest attempt is answered on screen: after "Limpiar" (which resets the request) a new
 * trip may be quoted while an earlier answer is still on its way, and that earlier answer, when it
 * lands, must not replace the newer quote (React Query still runs a reset mutation's callbacks).
 */
export function useQuoteRequest({
  resumeKey,
  onQuoted,
  onRefused,
  onOffline,
}: {
  resumeKey: string;
  onQuoted: (quote: Quote, attempt: QuoteAttempt) => void;
  /** Any other answer than a quote, except an expired session (which goes to sign in). */
  onRefused: (error: Error) => void;
  /** The request found no network: the attempt waits for it (see use-offline-queue.ts). */
  onOffline: (attempt: QuoteAttempt) => void;
}) {
  const router = useRouter();
  const latest = useRef<QuoteAttempt | undefined>(undefined);
  const isLatest = (attempt: QuoteAttempt) => latest.current === attempt;
  const mutation = useMutation<QuoteAnswer, Error, QuoteAttempt>({
    mutationFn: async ({ request }) => {
      const sentAt = Date.now();
      const answer = await callApi('quote', { body: request, timeoutMs: 30_000 });
      // Before the quote is shown: its validity is counted with the offset this answer shows.
      heardServerClock({ sentAt, receivedAt: Date.now(), serverAt: answer.quote.issuedAt });
      return answer;
    },
    onSuccess: ({ quote }, attempt) => {
      if (!isLatest(attempt)) return;
      onQuoted(quote, attempt);
    },
    onError: (error, attempt) => {
      if (!isLatest(attempt)) return;
      if (error instanceof RequestError && error.code === 'offline') {
        onOffline(attempt);
        return;
      }
      if (isSessionOver(error)) {
        markQuoteToResume(resumeKey);
        router.replace('/sign-in?reason=expired');
        return;
      }
      onRefused(error);
    },
  });
  const { mutate: send, reset: forget } = mutation;
  const mutate = useCallback(
    (attempt: QuoteAttempt) => {
      latest.current = attempt;
      send(attempt);
    },
    [send],
  );
  const reset = useCallback(() => {
    latest.current = undefined;
    forget();
  }, [forget]);
  return { ...mutation, mutate, reset };
}
