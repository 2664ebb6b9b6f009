'use client';

import Link from 'next/link';
import { useTranslations } from 'use-intl';
import styles from './history.module.css';

/** The records' database did not answer: say so, and that quoting still works. */
export function HistoryUnavailable() {
  const t = useTranslations('history');
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>{t('title')}</h1>
      <p role="alert">{t('unavailable')}</p>
      <Link className={`button ${styles.linkButton}`} href="/">
        {t('back')}
      </Link>
    </main>
  );
}
