'use client';

import dynamic from 'next/dynamic';
import type { Ref } from 'react';
import { useTranslations } from 'use-intl';
import type { Quote } from '@/lib/quote/quote';
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
  | { kind: 'empty'; pickupPlaced: boolean; dropoffPlaced: boolean }
  | { kind: 'quote'; quote: Quote; stale: boolean }
  | { kind: 'problem'; problem: QuoteProblem; detail?: string };

/**
 * The result card. It always holds its place (instructions before the first quote), so nothing
 * below it jumps when a quote arrives; a result becomes visibly stale as soon as the trip changes.
 */
export function QuoteResult({
  state,
  pending,
  onRetry,
  ref,
}: {
  state: ResultState;
  pending: boolean;
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
        {state.kind === 'empty' && (
          <ol className={styles.steps}>
            <Step done={state.pickupPlaced} text={t('emptyStep1')} doneLabel={t('stepDone')} />
            <Step done={state.dropoffPlaced} text={t('emptyStep2')} doneLabel={t('stepDone')} />
            <Step done={false} text={t('emptyStep3')} doneLabel={t('stepDone')} />
          </ol>
        )}
        {state.kind === 'quote' && <QuoteFigures quote={state.quote} stale={state.stale} />}
        {state.kind === 'problem' && (
          <div className={styles.problem}>
            <p role="alert" className="notice notice-error">
              {state.problem === 'courier_rejected'
                ? t('errors.courier_rejected', { message: state.detail ?? '' })
                : t(`errors.${state.problem}`)}
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

function Step({ done, text, doneLabel }: { done: boolean; text: string; doneLabel: string }) {
  return (
    <li className={done ? styles.stepDone : undefined}>
      {text}
      {done && <span className={styles.stepMark}> ✓ {doneLabel}</span>}
    </li>
  );
}
