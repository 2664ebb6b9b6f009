'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { RequestError, requestJson } from '@/components/ui/request-json';
import type { Quote } from '@/lib/quote/quote';
import type { QuoteRequest } from '@/lib/quote/schema';
import { isSessionOver } from './quote-outcome';
import type { QuoteDraftValues } from './quote-draft';

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
 */
export function useQuoteRequest({
  resumeKey,
  onQuoted,
  onFieldErrors,
  onOffline,
  onSettled,
}: {
  resumeKey: string;
  onQuoted: (quote: Quote, attempt: QuoteAttempt) => void;
  onFieldErrors: (fields: Record<string, string>) => void;
  /** The request found no network: the attempt waits for it (see use-offline-queue.ts). */
  onOffline: (attempt: QuoteAttempt) => void;
  onSettled: () => void;
}) {
  const router = useRouter();
  return useMutation<{ quote: Quote }, Error, QuoteAttempt>({
    mutationFn: ({ request }) =>
      requestJson<{ quote: Quote }>('/api/quote', {
        method: 'POST',
        body: request,
        timeoutMs: 30_000,
      }),
    onSuccess: ({ quote }, attempt) => {
      onQuoted(quote, attempt);
      onSettled();
    },
    onError: (error, attempt) => {
      if (error instanceof RequestError && error.code === 'offline') {
        onOffline(attempt);
        return;
      }
      if (isSessionOver(error)) {
        markQuoteToResume(resumeKey);
        router.replace('/sign-in?reason=expired');
        return;
      }
      if (error instanceof RequestError && error.code === 'invalid_request' && error.fields) {
        onFieldErrors(error.fields);
      }
      onSettled();
    },
  });
}
