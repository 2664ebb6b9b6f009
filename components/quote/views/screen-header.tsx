'use client';

import { memo } from 'react';
import { useTranslations } from 'use-intl';
import { HistoryLink } from '@/components/history/history-link';
import { SignOutButton } from '@/components/session/sign-out-button';
import { AppName } from '@/components/ui/app-name';
import { LanguageSwitch } from '@/components/ui/language-switch';
import styles from './styles';

/** The app's name, who is signed in, the language and sign-out; a skip link to the fields. */
function Header({ userName }: { userName: string }) {
  const t = useTranslations();
  return (
    <header className={styles.header}>
      <a href="#quote-panel" className={styles.skipLink}>
        {t('app.skipToForm')}
      </a>
      {/* The page's one heading: the app's name, as the sign-in page's is its form's title. */}
      <h1 className={styles.brand}>
        <span className={styles.brandLong}>
          <AppName />
        </span>
        <span className={styles.brandShort}>
          <AppName short />
        </span>
      </h1>
      <p className={styles.user}>{t('header.signedInAs', { name: userName })}</p>
      <div className={styles.headerActions}>
        <HistoryLink className={styles.headerButton} />
        <LanguageSwitch className={styles.headerButton} />
        <SignOutButton className={styles.headerButton} />
      </div>
    </header>
  );
}

/** Drawn again only when the dispatcher's name changes, not with every change of the screen below. */
export const ScreenHeader = memo(Header);
