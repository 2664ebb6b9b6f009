'use client';

import dynamic from 'next/dynamic';
import { memo, useState, type Ref } from 'react';
import { useTranslations } from 'use-intl';
import type { QuoteAnswer, QuoteRecordAnswer } from '@/lib/api/quote';
import { useIdleOnceReady } from '@/components/ui/after-start';
import { RETRYABLE, type ResultState } from '../trip/quote-outcome';
import { useQuoteExpired } from '../effects/use-now-until';
import { QuoteGuide } from './quote-guide';
// Not lazy: a component loaded on demand suspends on its first render, and React then holds the
// revealed result back (0.4–0.6 s for the first quote of a visit, bench/: answer-to-price).
import { QuoteFigures, type RouteCheck } from './quote-figures';
import { FIGURES_BEFORE_A_QUOTE } from './quote-figures-placeholder';
import { useFigureFormatsWarm } from './use-figure-formats-warm';
import styles from './styles';

/** Only after a refused quote: fetched then, not with the screen. */
const OutOfCoverage = dynamic(
  () => import('./out-of-coverage').then((module) => module.OutOfCoverage),
  { ssr: false },
);

/** Drawn again only when what it shows changed: hidden, it is given the same placeholder each time. */
const Figures = memo(QuoteFigures);

/** At most this long after the first pin, even if the browser is busy. */
const READY_WITHIN_MS = 3_000;

/**
 * The result card. It always holds its place (instructions before the first quote), so nothing
 * below it jumps when a quote arrives; a result becomes visibly stale as soon as the trip changes.
 */
export function QuoteResult({
  state,
  pending,
  answer,
  coverageKnown,
  route,
  onRetry,
  onNew,
  ref,
}: {
  state: ResultState;
  pending: boolean;
  /** The last answer to "Cotizar", with its record when it was stored. */
  answer: QuoteAnswer | undefined;
  /** What the result's km is compared with: the road route of the quoted stops. */
  route: RouteCheck;
  /** The courier's coverage is published (the built-in one): out-of-coverage names its areas. */
  coverageKnown: boolean;
  onRetry: () => void;
  onNew: () => void;
  ref?: Ref<HTMLElement>;
}) {
  const t = useTranslations('quote');
  const expired = useQuoteExpired(state.kind === 'quote' ? state.quote : null);
  const record = recordOf(state, answer);
  const quoteShown = state.kind === 'quote';
  // The first price is readied (its figures drawn hidden, its formats made) once the first pin is
  // down and the browser has a moment: not at start, where it is nothing the first pin needs and
  // its Intl formats alone are a long task (docs/performance.md, "Intl at start").
  const firstPinDown = state.kind !== 'empty' || state.trip.some((stop) => stop.placed);
  useFigureFormatsWarm(firstPinDown);
  const figuresReady = useIdleOnceReady(firstPinDown, READY_WITHIN_MS) || quoteShown;
  const timesLeft = useTimesLeft(quoteShown);
  const shownAs =
    state.kind !== 'quote' ? state.kind : state.stale ? 'stale' : expired ? 'expired' : 'fresh';
  return (
    <section
      ref={ref}
      className={`${styles.result} ${shownAs === 'stale' || shownAs === 'expired' ? styles.resultStale : ''}`}
      aria-labelledby="quote-result-title"
      aria-busy={pending}
      data-state={shownAs}
    >
      <div className={styles.resultHead}>
        <h2 id="quote-result-title" className={styles.resultTitle}>
          {state.kind === 'empty' ? t('emptyTitle') : t('resultTitle')}
        </h2>
        {pending && <span className={styles.pendingTag}>{t('submitting')}</span>}
      </div>
      <div aria-live="polite" aria-atomic="false">
        {state.kind === 'empty' && <QuoteGuide trip={state.trip} />}
        {/*
          The figures are drawn before there is a quote (once the first pin is down and the browser
          has a moment), unseen and at no height but laid out where they will show, so a first
          price only fills them in and shows them, as every later one does. Drawn at the answer,
          they were half the script between a first quote's answer and its price on the screen;
          drawn hidden by an Activity (display: none) they were still laid out there, the frame
          that showed the first price twice a later one's (bench/trace-tap.mjs). Each time the
          figures are left (a new trip, a refusal) they start anew: nothing of the last quote
          ("Copiada") comes back with the next.
        */}
        {figuresReady && (
          <div className={quoteShown ? undefined : styles.figuresAhead} inert={!quoteShown}>
            <Figures
              key={timesLeft}
              {...(quoteShown
                ? {
                    quote: state.quote,
                    stale: state.stale,
                    route,
                    expired,
                    values: state.values,
                    record: record ?? undefined,
                    onRequote: onRetry,
                    onNew,
                  }
                : FIGURES_BEFORE_A_QUOTE)}
            />
          </div>
        )}
        {state.kind === 'quote' && !state.stale && record === null && (
          <p className="notice notice-warning" data-testid="quote-not-saved">
            {t('notSaved')}
          </p>
        )}
        {state.kind === 'queued' && (
          <p role="status" className="notice notice-info" data-testid="quote-queued">
            {state.changed ? t('queuedChanged') : t('queued')}
          </p>
        )}
        {state.kind === 'problem' && (
          <div className={styles.problem}>
            <p role="alert" className="notice notice-error">
              {state.problem === 'courier_rejected' ? (
                t('errors.courier_rejected', { message: state.detail ?? '' })
              ) : state.problem === 'pickup_out_of_coverage' ||
                state.problem === 'dropoff_out_of_coverage' ? (
                <OutOfCoverage
                  problem={state.problem}
                  stopLetter={state.stopLetter}
                  coverageKnown={coverageKnown}
                />
              ) : (
                t(`errors.${state.problem}`)
              )}
            </p>
            {RETRYABLE.has(state.problem) && (
              <button
                type="button"
                className="button button-primary"
                onClick={onRetry}
                disabled={pending}
              >
                {t('errors.retry')}
              </button>
            )}
          </div>
        )}
      </div>
    </section>
  );
}

/** How many times the figures have gone from shown to not shown (the adjust-during-render pattern). */
function useTimesLeft(shown: boolean): number {
  const [seen, setSeen] = useState({ shown, left: 0 });
  if (seen.shown === shown) return seen.left;
  const next = { shown, left: seen.left + (seen.shown ? 1 : 0) };
  setSeen(next);
  return next.left;
}

/**
 * The record of the quote shown: from the last answer when it is that quote's; null when that
 * answer came without one (not stored); undefined when the quote shown came from elsewhere (a
 * recent quote reopened, a draft restored).
 */
function recordOf(
  state: ResultState,
  answer: QuoteAnswer | undefined,
): QuoteRecordAnswer | null | undefined {
  if (state.kind !== 'quote' || !answer || answer.quote.issuedAt !== state.quote.issuedAt) {
    return undefined;
  }
  return answer.record ?? null;
}
