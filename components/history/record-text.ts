import type { QuoteRecordView } from '@/lib/api/quote-records';
import { TIME_ZONE } from '@/lib/i18n/config';

type Stop = QuoteRecordView['stops'][number];

/** "Varsovia 36, Juárez": enough to tell a stop at a glance. */
export const stopLine = (stop: Stop) =>
  [[stop.street, stop.exteriorNumber].filter(Boolean).join(' '), stop.neighborhood]
    .filter(Boolean)
    .join(', ');

/** "Varsovia 36, Juárez → Sonora 180, Hipódromo", every stop in order. */
export const tripLine = (record: QuoteRecordView) => record.stops.map(stopLine).join(' → ');

/** Clock times as dispatchers read them: on Mexico City's clock, wherever the server runs. */
export const LOCAL_TIME = { timeZone: TIME_ZONE, hour: 'numeric', minute: '2-digit' } as const;
export const LOCAL_DAY_TIME = { ...LOCAL_TIME, day: 'numeric', month: 'short' } as const;
