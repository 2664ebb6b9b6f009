'use client';

import Link from 'next/link';
import { useTranslations } from 'use-intl';
import type { QuoteRecordView } from '@/lib/api/quote-records';
import { ExportLink, HistoryFilters } from './history-filters';
import { HistoryList } from './history-list';
import { historyHref, type HistoryQuery } from './history-query';
import styles from './history.module.css';

export interface HistoryScreenProps {
  query: HistoryQuery;
  /** A page of records, or why there is none: the database did not answer, or the query was bad. */
  page:
    | { records: QuoteRecordView[]; nextCursor?: string; now: string }
    | { failed: 'unavailable' | 'invalidQuery' };
}

/** "Cotizaciones": the dispatcher's and their team's quotes, searched and filtered by day. */
export function HistoryScreen({ query, page }: HistoryScreenProps) {
  const t = useTranslations('history');
  return (
    <main className={styles.page}>
      <div className={styles.top}>
        <h1 className={styles.title}>{t('title')}</h1>
        <div className={styles.actions}>
          <ExportLink query={query} />
          <Link className={`button ${styles.linkButton}`} href="/">
            {t('back')}
          </Link>
        </div>
      </div>
      <HistoryFilters query={query} />
      {'failed' in page ? (
        <p role="alert">{t(page.failed)}</p>
      ) : (
        <>
          <HistoryList records={page.records} now={page.now} />
          {page.nextCursor && (
            <Link
              className={`button ${styles.linkButton}`}
              href={historyHref({ ...query, cursor: page.nextCursor })}
            >
              {t('older')}
            </Link>
          )}
        </>
      )}
    </main>
  );
}
