'use client';

import { useFormatter, useTranslations } from 'use-intl';
import { useTrip } from '../store/use-trip';
import { approximationsOf, distanceUncertaintyKm } from '../trip/approximate-point';
import type { QuoteDraftValues } from '../trip/draft';
import styles from './styles';

/**
 * Beside a quote's km, when some of the trip's pins sat at an area's centre as it was quoted: by
 * how much the distance may be off ("±2 km: ubicación aproximada"). Read from the quoted pins and
 * their anchors, which stay as they were until the pin leaves its area (then the quote is stale).
 */
export function ApproximateDistance({ values }: { values: QuoteDraftValues }) {
  const t = useTranslations('quote');
  const format = useFormatter();
  const km = useTrip((state) =>
    distanceUncertaintyKm(values, approximationsOf(values, state.provenance)),
  );
  if (km === 0) return null;
  return (
    <span className={styles.distanceNote} data-testid="distance-uncertainty">
      {t('approximateLocations', { km: format.number(km, { maximumFractionDigits: 1 }) })}
    </span>
  );
}
