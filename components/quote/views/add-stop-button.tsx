'use client';

import { memo } from 'react';
import { useTranslations } from 'use-intl';
import { MAX_DROPOFFS } from '@/lib/courier-api/limits';
import styles from './styles';

/** "Agregar entrega", until the trip has as many drop-offs as a quote takes. */
export const AddStopButton = memo(function AddStopButton({
  full,
  onAdd,
}: {
  full: boolean;
  onAdd: () => void;
}) {
  const t = useTranslations('pins');
  return (
    <>
      <button
        type="button"
        className={`button ${styles.addStop}`}
        onClick={onAdd}
        disabled={full}
        aria-describedby={full ? 'stops-full' : undefined}
      >
        <span aria-hidden="true">+</span> {t('addStop')}
      </button>
      {full && (
        <p id="stops-full" className="field-hint">
          {t('stopsFull', { max: MAX_DROPOFFS })}
        </p>
      )}
    </>
  );
});
