import { createTranslator } from 'use-intl/core';
import { loadMessages } from '@/lib/i18n/load-messages';
import { requestLocale } from '@/lib/i18n/request-locale';
import styles from './customer-link.module.css';

/**
 * Said when a customer's link no longer opens. Nothing tells an unknown token from a revoked or
 * lapsed one: a guesser learns nothing. In the phone's language (the record's is not known).
 */
export async function CustomerLinkGone() {
  const locale = await requestLocale();
  const t = createTranslator({ locale, messages: await loadMessages(locale) });
  return (
    <main className={styles.gone} data-customer-link="gone">
      <h1 className={styles.title}>{t('customerLink.goneTitle')}</h1>
      <p>{t('customerLink.goneText')}</p>
    </main>
  );
}
