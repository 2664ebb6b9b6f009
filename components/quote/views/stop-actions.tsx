'use client';

import { useTranslations } from 'use-intl';
import styles from './styles';

/** A drop-off among several: one place earlier or later in the trip, or out of it. */
export function StopActions({
  legend,
  first,
  last,
  onMove,
  onRemove,
}: {
  legend: string;
  first: boolean;
  last: boolean;
  onMove: (step: -1 | 1) => void;
  onRemove: () => void;
}) {
  const t = useTranslations('point');
  return (
    <div className={styles.stopActions}>
      <button
        type="button"
        className="button"
        onClick={() => onMove(-1)}
        disabled={first}
        aria-label={t('moveUp', { stop: legend })}
      >
        <span aria-hidden="true">↑</span>
      </button>
      <button
        type="button"
        className="button"
        onClick={() => onMove(1)}
        disabled={last}
        aria-label={t('moveDown', { stop: legend })}
      >
        <span aria-hidden="true">↓</span>
      </button>
      <button
        type="button"
        className="button"
        onClick={onRemove}
        aria-label={t('removeStop', { stop: legend })}
      >
        {t('remove')}
      </button>
    </div>
  );
}
