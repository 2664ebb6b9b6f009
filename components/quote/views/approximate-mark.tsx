'use client';

import { useId } from 'react';
import { useFormatter, useTranslations } from 'use-intl';
import { useTrip, useTripStore } from '../store/use-trip';
import type { Approximation } from '../trip/approximate-point';
import type { Stop } from '../trip/trip-stops';
import styles from './styles';

/**
 * A stop whose pin a search put at an area's centre: says so in words, how far the door may be,
 * and — when the next tap on the map would place another stop — chooses this one for it.
 */
export function ApproximateMark({
  stop,
  approximation,
}: {
  stop: Stop;
  approximation: Approximation;
}) {
  const t = useTranslations('point');
  const format = useFormatter();
  const id = useId();
  const store = useTripStore();
  const active = useTrip((state) => state.activeStop === stop.key);
  const km = format.number(approximation.radiusMetres / 1000, { maximumFractionDigits: 1 });
  return (
    <div className={`notice notice-warning ${styles.earlierNotice}`} data-testid="approximate-mark">
      <p id={id}>
        <strong>{t('approximateMark')}</strong>{' '}
        {t('approximateWhy', { kind: approximation.kind, km })}
      </p>
      {!active && (
        <div className={styles.earlierActions}>
          <button
            type="button"
            className="button"
            onClick={() => store.setActiveStop(stop.key)}
            aria-describedby={id}
          >
            {t('approximateChoose', { letter: stop.letter })}
          </button>
        </div>
      )}
    </div>
  );
}
