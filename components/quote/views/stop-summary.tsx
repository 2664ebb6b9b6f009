'use client';

import { useFormatter, useTranslations } from 'use-intl';
import { pointSummary } from '../trip/draft';
import { isStopReady, type StopReadiness } from '../trip/trip-readiness';
import styles from './styles';

/** A stop not being edited: its address on one line, and what it still needs; a tap opens it. */
export function StopSummary({
  readiness,
  onOpen,
}: {
  readiness: StopReadiness;
  onOpen: () => void;
}) {
  const t = useTranslations('point');
  const format = useFormatter();
  const { stop, placed, missing, earlier, approximate } = readiness;
  const address = pointSummary(stop.point) || t('noAddressYet');
  const status = !placed
    ? t('stopNoPin')
    : earlier.length > 0
      ? t('stopEarlier')
      : missing.length > 0
        ? t('stillMissing', {
            fields: format.list(
              missing.map((field) => t(`fieldNames.${field}`)),
              { type: 'conjunction' },
            ),
          })
        : approximate
          ? t('stopApproximate')
          : t('stopReady');
  return (
    <button type="button" className="card-button" onClick={onOpen}>
      <span className={styles.stopSummaryAddress}>{address}</span>
      <span className={isStopReady(readiness) ? styles.stopSummaryReady : styles.stopSummaryTodo}>
        {status}
      </span>
      <span className="sr-only">{t('openStop')}</span>
    </button>
  );
}
