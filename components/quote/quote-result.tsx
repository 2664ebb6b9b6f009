'use client';

import { useQueryClient } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { useEffect, useState, type Ref } from 'react';
import { useFormatter, useLocale, useTranslations } from 'use-intl';
import { coverageQuery, servedAreas, type Coverage } from '@/components/map/coverage-query';
import { toLocale } from '@/lib/i18n/config';
import type { Quote } from '@/lib/quote/quote';
import { POINT_KEYS } from './quote-draft';
import { isTripReady, type TripReadiness } from './trip-readiness';
import styles from './quote-screen.module.css';

/** The figures arrive with the first quote, not with the first paint (the card keeps its size). */
const QuoteFigures = dynamic(
  () => import('./quote-figures').then((module) => module.QuoteFigures),
  {
    ssr: false,
  },
);

export type QuoteProblem =
  | 'pickup_out_of_coverage'
  | 'dropoff_out_of_coverage'
  | 'courier_rejected'
  | 'courier_unavailable'
  | 'courier_timeout'
  | 'courier_error'
  | 'rate_limited'
  | 'invalid_request'
  | 'offline'
  | 'unknown';

/** Problems the dispatcher can do nothing about but try again. */
export const RETRYABLE: ReadonlySet<QuoteProblem> = new Set([
  'courier_unavailable',
  'courier_timeout',
  'courier_error',
  'rate_limited',
  'offline',
  'unknown',
]);

export type ResultState =
  | { kind: 'empty'; trip: TripReadiness }
  | { kind: 'quote'; quote: Quote; stale: boolean }
  | { kind: 'problem'; problem: QuoteProblem; detail?: string };

/**
 * The result card. It always holds its place (instructions before the first quote), so nothing
 * below it jumps when a quote arrives; a result becomes visibly stale as soon as the trip changes.
 */
export function QuoteResult({
  state,
  pending,
  coverageKnown,
  onRetry,
  ref,
}: {
  state: ResultState;
  pending: boolean;
  /** The courier's coverage is published (the built-in one): out-of-coverage names its areas. */
  coverageKnown: boolean;
  onRetry: () => void;
  ref?: Ref<HTMLElement>;
}) {
  const t = useTranslations('quote');
  return (
    <section
      ref={ref}
      className={`${styles.result} ${state.kind === 'quote' && state.stale ? styles.resultStale : ''}`}
      aria-labelledby="quote-result-title"
      aria-busy={pending}
      data-state={state.kind === 'quote' ? (state.stale ? 'stale' : 'fresh') : state.kind}
    >
      <div className={styles.resultHead}>
        <h2 id="quote-result-title" className={styles.resultTitle}>
          {state.kind === 'empty' ? t('emptyTitle') : t('resultTitle')}
        </h2>
        {pending && <span className={styles.pendingTag}>{t('submitting')}</span>}
      </div>
      <div aria-live="polite" aria-atomic="false">
        {state.kind === 'empty' && <Guide trip={state.trip} />}
        {state.kind === 'quote' && <QuoteFigures quote={state.quote} stale={state.stale} />}
        {state.kind === 'problem' && (
          <div className={styles.problem}>
            <p role="alert" className="notice notice-error">
              {state.problem === 'courier_rejected' ? (
                t('errors.courier_rejected', { message: state.detail ?? '' })
              ) : state.problem === 'pickup_out_of_coverage' ||
                state.problem === 'dropoff_out_of_coverage' ? (
                <OutOfCoverage problem={state.problem} coverageKnown={coverageKnown} />
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

/** The steps to a first quote, following the real state: what is placed, what is still to write. */
function Guide({ trip }: { trip: TripReadiness }) {
  const t = useTranslations('quote');
  const tPoint = useTranslations('point');
  const format = useFormatter();
  const placed = trip.pickup.placed && trip.dropoff.placed;
  const ready = isTripReady(trip);
  const todo = (which: 'missing' | 'earlier') =>
    POINT_KEYS.filter((key) => trip[key][which].length > 0)
      .map((key) =>
        t('pointTodo', {
          letter: key === 'pickup' ? 'A' : 'B',
          fields: format.list(
            trip[key][which].map((field) => tPoint(`fieldNames.${field}`)),
            { type: 'conjunction' },
          ),
        }),
      )
      .join('; ');
  const earlier = todo('earlier');
  const missing = todo('missing');
  const third = !placed
    ? t('emptyStep3')
    : earlier
      ? t('emptyStep3Earlier', { list: earlier })
      : missing
        ? t('emptyStep3Missing', { list: missing })
        : t('emptyStep3Ready');
  return (
    <ol className={styles.steps}>
      <Step done={trip.pickup.placed} text={t('emptyStep1')} doneLabel={t('stepDone')} />
      <Step done={trip.dropoff.placed} text={t('emptyStep2')} doneLabel={t('stepDone')} />
      <Step done={ready} text={third} doneLabel={t('stepDone')} />
    </ol>
  );
}

/** Which point is out, which areas are served, and what the dispatcher can do about it. */
function OutOfCoverage({
  problem,
  coverageKnown,
}: {
  problem: 'pickup_out_of_coverage' | 'dropoff_out_of_coverage';
  coverageKnown: boolean;
}) {
  const t = useTranslations('quote');
  const format = useFormatter();
  const areas = servedAreas(useCoverage(coverageKnown), toLocale(useLocale()));
  return (
    <>
      {t(`errors.${problem}`)}{' '}
      {areas.length > 0 &&
        `${t('errors.servedAreas', { areas: format.list(areas, { type: 'conjunction' }) })} `}
      {t(problem === 'pickup_out_of_coverage' ? 'errors.pickupWhatToDo' : 'errors.dropoffWhatToDo')}
    </>
  );
}

/**
 * The zones the map drew (already in the query cache, or fetched once more). Read from the cache
 * rather than through useQuery, whose observer code would otherwise join the screen's first load
 * for a message that shows only after a refused quote.
 */
function useCoverage(known: boolean): Coverage | undefined {
  const client = useQueryClient();
  const [coverage, setCoverage] = useState(() =>
    client.getQueryData<Coverage>(coverageQuery.queryKey),
  );
  useEffect(() => {
    if (!known || coverage) return;
    client
      .fetchQuery(coverageQuery)
      .then(setCoverage)
      .catch(() => {
        // Without the zones the message names no areas; it still says what to check.
      });
  }, [client, coverage, known]);
  return coverage;
}

function Step({ done, text, doneLabel }: { done: boolean; text: string; doneLabel: string }) {
  return (
    <li className={done ? styles.stepDone : undefined}>
      {text}
      {done && <span className={styles.stepMark}> ✓ {doneLabel}</span>}
    </li>
  );
}
