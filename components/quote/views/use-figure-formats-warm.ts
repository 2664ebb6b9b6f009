'use client';

import { useEffect, useEffectEvent } from 'react';
import { useFormatter, useTranslations } from 'use-intl';
import { afterStart } from '@/components/ui/after-start';
import { useKmNumber } from './distance-format';

/** A time of day on the result ("2:35 p.m."): the one format its instants are written in. */
export const TIME_OF_DAY = { hour: 'numeric', minute: '2-digit' } as const;

/** At most this long after the page's load event, even if the browser is busy. */
const WARM_WITHIN_MS = 3_000;

/**
 * The result's formats made once while the dispatcher is still placing the trip: Intl's time and
 * number formats and the messages that take values are built (and kept by use-intl) on their
 * first use, which was the first price's (15 ms of its render on a tablet at 4× CPU, in a trace of
 * the tap). What is formatted here is thrown away; only the formats stay.
 */
export function useFigureFormatsWarm() {
  const t = useTranslations('quote');
  const format = useFormatter();
  const km = useKmNumber();
  const warm = useEffectEvent(() => {
    const time = format.dateTime(new Date(), TIME_OF_DAY);
    t('etaValue', { minutes: 0, time });
    t('validUntil', { time });
    t('quotedAt', { time });
    t('distanceValue', { km: km(0) });
    t('reference', { reference: '' });
  });
  useEffect(() => afterStart(warm, WARM_WITHIN_MS), []);
}
