'use client';

import { useFormatter } from 'use-intl';

/**
 * Every km on the screen and in what is handed over, to two decimals as the courier counts them:
 * "2.90 km" beside "2.05 km", never "2.9 km" beside "2.05 km".
 */
export const KM_DIGITS = { minimumFractionDigits: 2, maximumFractionDigits: 2 } as const;

/** The number of km as the screen writes it, in its language ("1.58", "2.90"). */
export function useKmNumber(): (km: number) => string {
  const format = useFormatter();
  return (km) => format.number(km, KM_DIGITS);
}
