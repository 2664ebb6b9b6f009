'use client';

import { useFormatter, useTranslations } from 'use-intl';
import type { AddressField } from '@/lib/api/geocode';
import type { LookupStatus } from '../store/trip-state';
import styles from './styles';

/** What the pin's lookup did: the fields it filled by name, and what is still to write. */
export function LookupLine({ status, missing }: { status: LookupStatus; missing: AddressField[] }) {
  const t = useTranslations('point');
  const format = useFormatter();
  const names = (fields: AddressField[]) =>
    format.list(
      fields.map((field) => t(`fieldNames.${field}`)),
      { type: 'conjunction' },
    );
  let text = '';
  if (status.state === 'loading') text = t('lookingUp');
  else if (status.state === 'none') text = t('noAddressHere');
  else if (status.state === 'failed') text = t('lookupFailed');
  else if (status.state === 'filled') {
    const filled = status.filled.length
      ? t('filledFromPin', { fields: names(status.filled) })
      : t('nothingNewFromPin');
    text = `${filled} ${missing.length ? t('stillMissing', { fields: names(missing) }) : t('checkDoor')}`;
  }
  const warn = status.state === 'none' || status.state === 'failed';
  return (
    <p aria-live="polite" className={`${styles.lookup} ${warn ? styles.lookupWarn : ''}`}>
      {text}
    </p>
  );
}
