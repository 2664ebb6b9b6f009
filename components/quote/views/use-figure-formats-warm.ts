'use client';

import { useEffect, useEffectEvent, useRef } from 'react';
import { useFormatter, useTranslations } from 'use-intl';
import { formatMoney } from '@/lib/i18n/money';
import { afterPaint } from '../effects/after-paint';
import { useKmNumber } from './distance-format';

/** A time of day on the result ("2:35 p.m."): the one format its instants are written in. */
export const TIME_OF_DAY = { hour: 'numeric', minute: '2-digit' } as const;

/**
 * The screen's formats made once `ready` (quote-result.tsx: the first pin is down), in a task of
 * their own right after the frame that showed it: Intl's money, time, number and list formats and
 * the messages that take values are built (and kept by use-intl) on their first use, which was the
 * first price's (15 ms of its render on a tablet at 4× CPU, in a trace of the tap). The page's
 * first Intl object also loads ICU's data (55–95 ms there), which would otherwise fall in the
 * render of the pin's address ("Del pin: calle, número y colonia", a list), as soon as its lookup
 * answers. What is formatted here is thrown away; only the formats stay.
 */
export function useFigureFormatsWarm(ready: boolean) {
  const t = useTranslations('quote');
  const format = useFormatter();
  const km = useKmNumber();
  const warm = useEffectEvent(() => {
    formatMoney(0);
    const time = format.dateTime(new Date(), TIME_OF_DAY);
    format.list(['A', 'B'], { type: 'conjunction' });
    t('etaValue', { minutes: 0, time });
    t('validUntil', { time });
    t('quotedAt', { time });
    t('distanceValue', { km: km(0) });
    t('reference', { reference: '' });
  });
  const warmed = useRef(false);
  useEffect(() => {
    if (!ready || warmed.current) return;
    return afterPaint(() => {
      warmed.current = true;
      warm();
    });
  }, [ready]);
}
