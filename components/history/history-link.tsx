'use client';

import Link from 'next/link';
import { useTranslations } from 'use-intl';
import { useAfterStart } from '@/components/ui/after-start';
import styles from './history-link.module.css';

/** At most this long after the page's load event (and the map's first tiles), Cotizaciones is prefetched. */
const PREFETCH_WITHIN_MS = 3_000;

/**
 * The header's way to Cotizaciones: its name beside a list icon; on a phone, under it. Next
 * prefetches the page once the link is in view; here only once the screen has started
 * (components/ui/after-start.ts): on a slow tablet the prefetch's request and answer took the
 * main thread between Leaflet's start and the first tap on the map.
 */
export function HistoryLink({ className }: { className?: string }) {
  const t = useTranslations('header');
  const started = useAfterStart(PREFETCH_WITHIN_MS);
  return (
    <Link
      href="/quotes"
      prefetch={started ? null : false}
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
