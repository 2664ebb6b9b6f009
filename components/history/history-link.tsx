'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'use-intl';
import styles from './history-link.module.css';

/**
 * The header's way to Cotizaciones: its name beside a list icon; on a phone, under it. Cotizaciones
 * is fetched ahead when the dispatcher shows the intent (a finger or the pointer on the link, or
 * the keyboard's focus), not when the link comes into view as Next does by default: that prefetch
 * came with the screen's start on every visit, and its answer took the main thread for one of the
 * longest tasks of a slow tablet's start (Lighthouse's TBT), for a page opened now and then.
 */
export function HistoryLink({ className }: { className?: string }) {
  const t = useTranslations('header');
  const router = useRouter();
  const prefetch = () => router.prefetch('/quotes');
  return (
    <Link
      href="/quotes"
      prefetch={false}
      onPointerEnter={prefetch}
      onPointerDown={prefetch}
      onFocus={prefetch}
      className={`button ${styles.link} ${className ?? ''}`}
    >
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
