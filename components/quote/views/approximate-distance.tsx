'use client';

import { useFormatter, useTranslations } from 'use-intl';
import { useTrip } from '../store/use-trip';
import { approximationsOf, distanceUncertaintyKm } from '../trip/approximate-point';
import type { QuoteDraftValues } from '../trip/draft';
import styles from './styles';

/**
 * By how much a quote's km may be off because some of the trip's pins sat at an area's centre as
 * it was quoted (0 when none did). Read from the quoted pins and their anchors, which stay as they
 * were until the pin leaves its area (then the quote is stale).
 */
export function useDistanceUncertaintyKm(values: QuoteDraftValues): number {
  return useTrip((state) =>
    distanceUncertaintyKm(values, approximationsOf(values, state.provenance)),
  );
}

/** Beside a quote's km, that margin: "±2 km: ubicación aproximada"; nothing when it is 0. */
export function ApproximateDistance({ km }: { km: number }) {
  const t = useTranslations('quote');
  const format = useFormatter();
  if (km === 0) return null;
  return (
    <span className={styles.distanceNote} data-testid="distance-uncertainty">
      {t('approximateLocations', { km: format.number(km, { maximumFractionDigits: 1 }) })}
    </span>
  );
}
