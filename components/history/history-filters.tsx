'use client';

import { useTranslations } from 'use-intl';
import type { HistoryQuery } from './history-query';
import styles from './history.module.css';

/**
 * The search as a plain GET form: it works before any script has loaded, and the URL says what is
 * shown (a tablet's back button returns to the same search).
 */
export function HistoryFilters({ query }: { query: HistoryQuery }) {
  const t = useTranslations('history');
  return (
    <form method="get" action="/quotes" className={styles.filters} role="search">
      <label>
        {t('search')}
        <input
          type="search"
          name="search"
          defaultValue={query.search ?? ''}
          placeholder={t('searchHint')}
          maxLength={100}
          autoComplete="off"
        />
      </label>
      <label>
        {t('day')}
        <input type="date" name="day" defaultValue={query.day ?? ''} />
      </label>
      <label>
        {t('scope')}
        <select name="scope" defaultValue={query.scope}>
          <option value="team">{t('team')}</option>
          <option value="mine">{t('mine')}</option>
        </select>
      </label>
      <button type="submit" className="button button-primary">
        {t('apply')}
      </button>
    </form>
  );
}

/** The CSV of what the page shows: the same scope, and the same day when one is chosen. */
export function ExportLink({ query }: { query: HistoryQuery }) {
  const t = useTranslations('history');
  const exportQuery = new URLSearchParams({
    format: 'csv',
    scope: query.scope,
    ...(query.day ? { from: query.day, to: query.day } : {}),
  });
  return (
    <a
      className={`button ${styles.linkButton}`}
      href={`/api/quotes/export?${exportQuery}`}
      download
    >
      {t('export')}
    </a>
  );
}
