'use client';

import Link from 'next/link';
import { useFormatter, useTranslations } from 'use-intl';
import type { QuoteRecordView } from '@/lib/api/quote-records';
import { formatMoney } from '@/lib/i18n/money';
import { LOCAL_DAY_TIME, tripLine } from './record-text';
import styles from './history.module.css';

export interface HistoryListProps {
  records: QuoteRecordView[];
  /** The instant the page was drawn (ISO): valid or expired as of then, the same on both sides. */
  now: string;
}

/** One row per quote, newest first: reference, time, total, still valid or not, customer, trip. */
export function HistoryList({ records, now }: HistoryListProps) {
  const t = useTranslations('history');
  const format = useFormatter();
  if (records.length === 0) return <p className="field-hint">{t('empty')}</p>;
  return (
    <ul className={styles.list} aria-label={t('title')}>
      {records.map((record) => {
        const expired = Date.parse(record.expiresAt) <= Date.parse(now);
        return (
          <li key={record.reference}>
            <Link className={styles.row} href={`/quotes/${record.reference}`}>
              <span className={styles.reference}>{record.reference}</span>
              <span>
                <time dateTime={record.createdAt}>
                  {format.dateTime(new Date(record.createdAt), LOCAL_DAY_TIME)}
                </time>
                {' · '}
                <span className={expired ? styles.expired : undefined}>
                  {expired ? t('expired') : t('valid')}
                </span>
              </span>
              <span className={styles.total}>{formatMoney(record.quote.total)}</span>
              {record.customer && (
                <span className={styles.customer} data-testid="record-customer">
                  {record.customer}
                </span>
              )}
              <span className={styles.trip}>{tripLine(record)}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
