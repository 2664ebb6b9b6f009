'use client';

import Link from 'next/link';
import { useFormatter, useTranslations } from 'use-intl';
import type { QuoteRecordView } from '@/lib/api/quote-records';
import { RecordActions } from './record-actions';
import { formatMoney } from '@/lib/i18n/money';
import { LOCAL_DAY_TIME, LOCAL_TIME, stopLine } from './record-text';
import styles from './history.module.css';

export interface RecordDetailProps {
  record: QuoteRecordView;
  /** The signed-in dispatcher: "Cotizar de nuevo" fills their draft on this device. */
  email: string;
  /** The instant the page was drawn (ISO). */
  now: string;
}

/** One quote of the history: its stops, figures and validity, and what can be done with it. */
export function RecordDetail({ record, email, now }: RecordDetailProps) {
  const t = useTranslations('history');
  const vehicles = useTranslations('recent');
  const format = useFormatter();
  const { quote } = record;
  const expired = Date.parse(record.expiresAt) <= Date.parse(now);
  return (
    <main className={styles.page}>
      <div className={styles.top}>
        <h1 className={styles.title}>{t('record.title', { reference: record.reference })}</h1>
        <Link className={`button ${styles.linkButton}`} href="/quotes">
          {t('title')}
        </Link>
      </div>
      <ol className={styles.stops} aria-label={t('record.stops')}>
        {record.stops.map((stop) => (
          <li key={stop.letter}>
            <strong>{stop.letter}</strong> {stopLine(stop)}
          </li>
        ))}
      </ol>
      <dl className={styles.facts}>
        {record.customer && (
          <>
            <dt>{t('record.customer')}</dt>
            <dd>{record.customer}</dd>
          </>
        )}
        <dt>{t('record.total')}</dt>
        <dd>
          <strong>{formatMoney(quote.total)}</strong>
        </dd>
        <dt>{t('record.trip')}</dt>
        <dd>
          {t('record.tripFigures', {
            km: format.number(quote.distanceKm, { maximumFractionDigits: 2 }),
            minutes: Math.round(quote.etaMinutes),
            vehicle: quote.isBike ? vehicles('bike') : vehicles('motorbike'),
          })}
        </dd>
        <dt>{t('record.created')}</dt>
        <dd>{format.dateTime(new Date(record.createdAt), LOCAL_DAY_TIME)}</dd>
        <dt>{t('record.validUntil')}</dt>
        <dd className={expired ? styles.expired : undefined}>
          {format.dateTime(new Date(record.expiresAt), LOCAL_TIME)} ·{' '}
          {expired ? t('expired') : t('valid')}
        </dd>
        <dt>{t('record.dispatcher')}</dt>
        <dd>{record.dispatcherEmail}</dd>
      </dl>
      <RecordActions record={record} email={email} />
    </main>
  );
}
