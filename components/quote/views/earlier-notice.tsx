'use client';

import { useId } from 'react';
import { useFormatter, useTranslations } from 'use-intl';
import type { AddressField } from '@/lib/api/geocode';
import styles from './styles';

/** Which fields a moved pin left behind, and the two ways to settle them: keep or clear. */
export function EarlierNotice({
  letter,
  fields,
  onKeep,
  onClear,
}: {
  letter: string;
  fields: AddressField[];
  onKeep: () => void;
  onClear: () => void;
}) {
  const t = useTranslations('point');
  const format = useFormatter();
  const id = useId();
  const names = format.list(
    fields.map((field) => t(`fieldNames.${field}`)),
    { type: 'conjunction' },
  );
  return (
    <div className={`notice notice-warning ${styles.earlierNotice}`} data-testid="earlier-notice">
      <p id={id}>{t('earlierNotice', { letter, fields: names, count: fields.length })}</p>
      <div className={styles.earlierActions}>
        <button type="button" className="button" onClick={onKeep} aria-describedby={id}>
          {t('keepEarlier')}
        </button>
        <button type="button" className="button" onClick={onClear} aria-describedby={id}>
          {t('clearEarlier')}
        </button>
      </div>
    </div>
  );
}
