'use client';

import Link from 'next/link';
import { useTranslations } from 'use-intl';
import styles from './history-link.module.css';

/** The header's way to Cotizaciones: its name beside a list icon; on a phone, under it. */
export function HistoryLink({ className }: { className?: string }) {
  const t = useTranslations('header');
  return (
    <Link href="/quotes" className={`button ${styles.link} ${className ?? ''}`}>
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
        />
      </svg>
      <span className={styles.label}>{t('history')}</span>
    </Link>
  );
}
