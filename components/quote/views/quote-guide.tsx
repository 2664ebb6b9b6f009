'use client';

import { memo } from 'react';
import { useFormatter, useTranslations } from 'use-intl';
import { isTripReady, type TripReadiness } from '../trip/trip-readiness';
import styles from './styles';

/** The steps to a first quote, following the real state: what is placed, what is still to write. */
export const QuoteGuide = memo(function QuoteGuide({ trip }: { trip: TripReadiness }) {
  const t = useTranslations('quote');
  const tPoint = useTranslations('point');
  const format = useFormatter();
  const [pickup, ...dropoffs] = trip;
  const placed = trip.every((stop) => stop.placed);
  const todo = (which: 'missing' | 'earlier') =>
    trip
      .filter((stop) => stop[which].length > 0)
      .map((stop) =>
        t('pointTodo', {
          letter: stop.stop.letter,
          fields: format.list(
            stop[which].map((field) => tPoint(`fieldNames.${field}`)),
            { type: 'conjunction' },
          ),
        }),
      )
      .join('; ');
  // Lists of fields only once every stop is placed, where the third step names them: a list's
  // format is the screen's first Intl object otherwise, made while it starts (docs/performance.md).
  const earlier = placed ? todo('earlier') : '';
  const missing = placed ? todo('missing') : '';
  const approximate = trip.filter((stop) => stop.approximate).map((stop) => stop.stop.letter);
  const third = !placed
    ? t('emptyStep3')
    : earlier
      ? t('emptyStep3Earlier', { list: earlier })
      : missing
        ? t('emptyStep3Missing', { list: missing })
        : approximate.length > 0
          ? t('emptyStep3Approximate', {
              letters: format.list(approximate, { type: 'conjunction' }),
            })
          : t('emptyStep3Ready');
  const second =
    dropoffs.length > 1
      ? t('emptyStep2Many', {
          letters: format.list(
            dropoffs.map((stop) => stop.stop.letter),
            { type: 'conjunction' },
          ),
        })
      : t('emptyStep2');
  return (
    <ol className={styles.steps}>
      <Step done={pickup!.placed} text={t('emptyStep1')} doneLabel={t('stepDone')} />
      <Step done={dropoffs.every((stop) => stop.placed)} text={second} doneLabel={t('stepDone')} />
      <Step done={isTripReady(trip)} text={third} doneLabel={t('stepDone')} />
    </ol>
  );
});

function Step({ done, text, doneLabel }: { done: boolean; text: string; doneLabel: string }) {
  return (
    <li className={done ? styles.stepDone : undefined}>
      {text}
      {done && <span className={styles.stepMark}> ✓ {doneLabel}</span>}
    </li>
  );
}
