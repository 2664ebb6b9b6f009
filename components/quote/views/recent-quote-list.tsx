'use client';

import { useFormatter, useTranslations } from 'use-intl';
import { formatMoney } from '@/lib/i18n/money';
import { pointSummary } from '../trip/draft';
import { type RecentQuote } from '../trip/draft-storage';
import { tripStops } from '../trip/trip-stops';
import { useQuoteExpired } from '../effects/use-now-until';
import styles from './styles/recent-quote-list.module.css';

export interface RecentQuoteListProps {
  recent: RecentQuote[];
  onOpen: (entry: RecentQuote) => void;
  onClear: () => void;
}

/**
 * The recent quotes, newest first, one row per trip (addRecent merges repeats); each row says the
 * total, the delivery time and the vehicle, and opens back onto the map and the form.
 */
export function RecentQuoteList({ recent, onOpen, onClear }: RecentQuoteListProps) {
  const t = useTranslations('recent');
  const format = useFormatter();
  return recent.length === 0 ? (
    <p className="field-hint">{t('empty')}</p>
  ) : (
    <>
      <ul className={styles.recentList}>
        {recent.map((entry) => (
          <li key={entry.id}>
            <button type="button" className="card-button" onClick={() => onOpen(entry)}>
              <span className={styles.recentTrip}>
                {tripStops(entry.values)
                  .map((stop) => pointSummary(stop.point) || stop.letter)
                  .join(' → ')}
              </span>
              <span className={styles.recentFigures}>
                <strong>{formatMoney(entry.quote.total)}</strong>
                {' · '}
                {t('minutes', { minutes: entry.quote.etaMinutes })}
                {' · '}
                {entry.quote.isBike ? t('bike') : t('motorbike')}
                {' · '}
                {format.dateTime(new Date(entry.quote.issuedAt), {
                  day: 'numeric',
                  month: 'short',
                  hour: 'numeric',
                  minute: '2-digit',
                })}
                {' · '}
                <Validity quote={entry.quote} />
              </span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="button" onClick={onClear}>
        {t('clearAll')}
      </button>
    </>
  );
}

/**
 * "vigente hasta las 2:35 p.m." while the quote holds, then "vencida": counted on the server's
 * clock, as the result card counts it.
 */
function Validity({ quote }: { quote: RecentQuote['quote'] }) {
  const t = useTranslations('recent');
  const format = useFormatter();
  const until = new Date(quote.expiresAt);
  return useQuoteExpired(quote) ? (
    <span className={styles.recentExpired}>{t('expired')}</span>
  ) : (
    t('validUntil', { time: format.dateTime(until, { hour: 'numeric', minute: '2-digit' }) })
  );
}
