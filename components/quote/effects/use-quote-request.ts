'use client';

import { useCallback, useLayoutEffect, useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { callApi, RequestError } from '@/components/ui/api-client';
import type { Quote, QuoteAnswer } from '@/lib/api/quote';
import type { QuoteRequest } from '@/lib/quote/schema';
import { isSessionOver } from '../trip/quote-outcome';
import { heardServerClock } from './use-server-clock';
import type { QuoteDraftValues } from '../trip/draft';
import type { ClockReading } from '../trip/server-clock';
import { repeatsLastQuote, type SentQuote } from '../trip/repeat-tap';

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
 * lands, must not replace the newer quote. The answer's handlers are given to each `mutate`, and
 * React Query calls those of the observer's current mutation only: never an attempt sent before
 * the latest, nor one that a reset let go.
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
  const inFlight = useRef(new WeakMap<QuoteAttempt, Promise<AnsweredQuote>>());
  /** The last request sent: a second "Cotizar" for its trip may only repeat it (repeat-tap.ts). */
  const lastSent = useRef<SentQuote | null>(null);
  const mutation = useMutation<QuoteAnswer, Error, QuoteAttempt>({
    mutationFn: async (attempt) => {
      const asked = inFlight.current.get(attempt) ?? askForQuote(attempt.request);
      inFlight.current.delete(attempt);
      const { answer, reading } = await asked;
      readings.set(answer, reading);
      return answer;
    },
  });
  /** What an answer does, with the screen's handlers as it last drew. */
  const answers = {
    quoted: (answer: QuoteAnswer, attempt: QuoteAttempt) => {
      // Before the quote is shown, in the same render: its validity is counted with the offset
      // this answer shows.
      const reading = readings.get(answer);
      if (reading) heardServerClock(reading);
      onQuoted(answer.quote, attempt);
    },
    failed: (error: Error, attempt: QuoteAttempt) => {
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
  };
  const answered = useRef(answers);
  useLayoutEffect(() => {
    answered.current = answers;
  });
  const { mutate: send, reset: resetMutation } = mutation;
  const mutate = useCallback(
    (attempt: QuoteAttempt) => {
      // Only the button's `disabled` stood between two taps, and it is drawn a render after the
      // first: a second tap the browser ran before that render (input comes before React's task)
      // sent the same trip again, and stored it twice. So did one that came after a fast answer
      // (e2e/quote.spec.ts, a double "Cotizar").
      const now = performance.now();
      if (repeatsLastQuote(lastSent.current, attempt.key, now)) return;
      const sent: SentQuote = { key: attempt.key, at: now, state: 'sending' };
      lastSent.current = sent;
      // The request leaves now, in the tap's own task: React Query reaches the mutation's
      // function only a few promise turns later, after React has re-rendered the screen for the
      // form's submit (tens of milliseconds on a slow tablet, all before the request left).
      const asked = askForQuote(attempt.request);
      // Its failure is handled where it is awaited (mutationFn), not reported as unhandled.
      asked.then(
        () => (sent.state = 'quoted'),
        () => (sent.state = 'failed'),
      );
      inFlight.current.set(attempt, asked);
      // The answer's handlers run as React Query tells the screen that the request is over, each
      // in a microtask queued beside that news (quote-screen.tsx: React Query's notices come in
      // microtasks): React draws the quote and the request's end in one render. As the
      // mutation's own onSuccess, the quote was drawn alone first and the screen again after it,
      // both before the price's first paint (bench/trace-tap.mjs).
      send(attempt, {
        onSuccess: (answer) => queueMicrotask(() => answered.current.quoted(answer, attempt)),
        onError: (error) => queueMicrotask(() => answered.current.failed(error, attempt)),
      });
    },
    [send],
  );
  /** The request is let go (Limpiar, offline): the same trip may be asked again at once. */
  const reset = useCallback(() => {
    lastSent.current = null;
    resetMutation();
  }, [resetMutation]);
  return { ...mutation, mutate, reset };
}

interface AnsweredQuote {
  answer: QuoteAnswer;
  /** When it was asked and answered, for the server's clock (use-server-clock.ts). */
  reading: ClockReading;
}

/** Each answer's clock reading, from the request to where the answer is shown. */
const readings = new WeakMap<QuoteAnswer, ClockReading>();

async function askForQuote(request: QuoteRequest): Promise<AnsweredQuote> {
  const sentAt = Date.now();
  const answer = await callApi('quote', { body: request, timeoutMs: 30_000 });
  const reading = { sentAt, receivedAt: Date.now(), serverAt: answer.quote.issuedAt };
  return { answer, reading };
}
