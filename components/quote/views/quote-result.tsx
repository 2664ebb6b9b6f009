'use client';

import dynamic from 'next/dynamic';
import type { Ref } from 'react';
import { useTranslations } from 'use-intl';
import { validUntil } from '../trip/quote-handover';
import { RETRYABLE, type ResultState } from '../trip/quote-outcome';
import { usePassed } from '../effects/use-now-until';
import { QuoteGuide } from './quote-guide';
import type { RouteCheck } from './quote-figures';
import styles from './styles';

/** Only after a refused quote: fetched then, not with the screen. */
const OutOfCoverage = dynamic(
  () => import('./out-of-coverage').then((module) => module.OutOfCoverage),
  { ssr: false },
);

/** The figures arrive with the first quote, not with the first paint (the card keeps its size). */
const QuoteFigures = dynamic(
  () => import('./quote-figures').then((module) => module.QuoteFigures),
  {
    ssr: false,
  },
);

/**
 * The result card. It always holds its place (instructions before the first quote), so nothing
 * below it jumps when a quote arrives; a result becomes visibly stale as soon as the trip changes.
 */
export function QuoteResult({
  state,
  pending,
  notSaved,
  coverageKnown,
  route,
  validitySeconds,
  onRetry,
  onNew,
  ref,
}: {
  state: ResultState;
  pending: boolean;
  /** The quote shown was answered without a record: "no se guardó". */
  notSaved: boolean;
  /** What the result's km is compared with: the road route of the quoted stops. */
  route: RouteCheck;
  /** The courier's coverage is published (the built-in one): out-of-coverage names its areas. */
  coverageKnown: boolean;
  /** How long a quote holds (QUOTE_VALIDITY). */
  validitySeconds: number;
  onRetry: () => void;
  onNew: () => void;
  ref?: Ref<HTMLElement>;
}) {
  const t = useTranslations('quote');
  const until =
    state.kind === 'quote' ? validUntil(state.quote, validitySeconds) : new Date(8.64e15);
  const expired = usePassed(until);
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
        {state.kind === 'quote' && (
          <QuoteFigures
            quote={state.quote}
            stale={state.stale}
            route={route}
            expired={expired}
            until={until}
            values={state.values}
            onRequote={onRetry}
            onNew={onNew}
          />
        )}
        {state.kind === 'quote' && !state.stale && notSaved && (
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
