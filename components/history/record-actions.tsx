'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useTranslations } from 'use-intl';
import { callApi } from '@/components/ui/api-client';
import { shareOrCopy } from '@/components/ui/share-or-copy';
import type { QuoteRecordView } from '@/lib/api/quote-records';
import { quoteAgain } from './quote-again';
import { formatMoney } from '@/lib/i18n/money';
import styles from './history.module.css';

type Said = 'copied' | 'revoking' | 'revoked' | 'revokeFailed' | null;

/** "Cotizar de nuevo", "Compartir enlace", "Revocar enlace" for one record. */
export function RecordActions({ record, email }: { record: QuoteRecordView; email: string }) {
  const t = useTranslations('history.record');
  const router = useRouter();
  const [said, setSaid] = useState<Said>(record.linkRevokedAt ? 'revoked' : null);
  const linked = Boolean(record.customerUrl) && said !== 'revoked';

  async function share() {
    const url = new URL(record.customerUrl!, window.location.origin).href;
    const text = t('shareText', {
      reference: record.reference,
      total: formatMoney(record.quote.total),
      url,
    });
    const outcome = await shareOrCopy(text);
    if (outcome === 'copied') setSaid('copied');
    if (outcome === 'failed') setSaid(null);
  }

  async function revoke() {
    setSaid('revoking');
    try {
      await callApi('quoteLinkRevoke', { params: { reference: record.reference } });
      setSaid('revoked');
    } catch {
      setSaid('revokeFailed');
    }
  }

  return (
    <>
      <div className={styles.actions}>
        <button
          type="button"
          className="button button-primary"
          onClick={() => {
            quoteAgain(record, email);
            router.push('/');
          }}
        >
          {t('quoteAgain')}
        </button>
        <button type="button" className="button" disabled={!linked} onClick={() => void share()}>
          {t('share')}
        </button>
        <button
          type="button"
          className="button"
          disabled={!linked || said === 'revoking'}
          onClick={() => void revoke()}
        >
          {said === 'revoking' ? t('revoking') : t('revoke')}
        </button>
      </div>
      <p aria-live="polite">
        {said === 'copied' && t('copied')}
        {said === 'revoked' && t('revoked')}
        {said === 'revokeFailed' && t('revokeFailed')}
        {!record.customerUrl && !record.linkRevokedAt && t('noLink')}
      </p>
    </>
  );
}
