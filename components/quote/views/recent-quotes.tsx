'use client';

import dynamic from 'next/dynamic';
import { memo, useState } from 'react';
import { useTranslations } from 'use-intl';
import type { RecentQuoteListProps } from './recent-quote-list';
import styles from './styles';

/** The list is fetched when the dispatcher first opens it: nothing of it is needed to paint. */
const RecentQuoteList = dynamic(
  () => import('./recent-quote-list').then((module) => module.RecentQuoteList),
  { ssr: false },
);

/** The last quotes on this device; opening one puts its points back on the map and the form. */
export const RecentQuotes = memo(function RecentQuotes(props: RecentQuoteListProps) {
  const t = useTranslations('recent');
  const [open, setOpen] = useState(false);
  return (
    <details
      className={styles.recent}
      onToggle={(event) => setOpen((event.target as HTMLDetailsElement).open)}
    >
      <summary className={styles.recentSummary}>
        {t('title', { count: props.recent.length })}
      </summary>
      {open && <RecentQuoteList {...props} />}
    </details>
  );
});
