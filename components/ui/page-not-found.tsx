import { createTranslator } from 'use-intl/core';
import { loadMessages } from '@/lib/i18n/load-messages';
import { requestLocale } from '@/lib/i18n/request-locale';
import styles from './page-not-found.module.css';

/**
 * Any address the app has no page for: a whole document (no root layout wraps it: the app and the
 * customer's link have one each), in the visitor's language, drawn on the server for each request
 * so that its scripts carry the request's nonce.
 */
export async function PageNotFound() {
  const locale = await requestLocale();
  const t = createTranslator({ locale, messages: await loadMessages(locale) });
  return (
    <html lang={locale}>
      <body>
        <main className={styles.page}>
          <h1 className={styles.title}>{t('pageNotFound.title')}</h1>
          <p>{t('pageNotFound.text')}</p>
          <p>
            {/* A whole page load, as between any two root layouts: next/link would add script. */}
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
            <a href="/">{t('pageNotFound.home')}</a>
          </p>
        </main>
      </body>
    </html>
  );
}
