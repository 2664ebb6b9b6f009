'use client';

import { useState } from 'react';
import { useTranslations } from 'use-intl';
import { shareOrCopy } from '@/components/ui/share-or-copy';
import { formatMoney } from '@/lib/i18n/money';
import type { Quote } from '@/lib/api/quote';
import type { QuoteDraftValues } from '../trip/draft';
import { shareText, type ShareWords } from '../trip/quote-handover';
import { useKmNumber } from './distance-format';
import styles from './styles';

/**
 * "Compartir": the quote as a short text for the customer's chat, through the device's share
 * sheet (tablets and phones have one) or, where there is none, copied; with the customer's link
 * when the quote was stored. "Nueva cotización" clears the screen for the next trip (with an
 * undo, as "Limpiar"). An expired quote is not shared: the customer would read a price that no
 * longer holds as valid.
 */
export function HandOver({
  quote,
  values,
  validity,
  customerUrl,
  onNew,
}: {
  quote: Quote;
  values: QuoteDraftValues;
  /** "Válida hasta las 2:35 p.m.", or null once the quote has expired. */
  validity: string | null;
  /** The answer's `record.customerUrl` (/c/{token}); absent when the quote was not stored. */
  customerUrl?: string;
  onNew: () => void;
}) {
  const t = useTranslations('quote');
  const km = useKmNumber();
  const [said, setSaid] = useState<'copied' | 'failed' | null>(null);

  async function share(validity: string) {
    const words: ShareWords = {
      title: t('shareTitle'),
      stopName: (letter, role, several) =>
        role === 'pickup'
          ? t('sharePickup')
          : several
            ? t('shareDropoffLettered', { letter })
            : t('shareDropoff'),
      figures: t('shareFigures', {
        total: formatMoney(quote.total),
        km: km(quote.distanceKm),
        minutes: quote.etaMinutes,
        vehicle: quote.isBike ? t('bike') : t('motorbike'),
      }),
      validity,
    };
    const link = customerUrl && new URL(customerUrl, window.location.origin).href;
    const text = shareText(values, words, link);
    setSaid(null);
    const outcome = await shareOrCopy(text);
    if (outcome === 'copied' || outcome === 'failed') setSaid(outcome);
  }

  return (
    <div className={styles.handOver}>
      <button
        type="button"
        className="button"
        disabled={validity === null}
        aria-describedby={validity === null ? 'share-expired' : undefined}
        onClick={() => validity !== null && void share(validity)}
      >
        {t('share')}
      </button>
      <button type="button" className="button" onClick={onNew}>
        {t('newQuote')}
      </button>
      <p aria-live="polite" className={styles.handOverStatus}>
        {said === 'copied' && t('shareCopied')}
        {said === 'failed' && t('shareFailed')}
      </p>
      {validity === null && (
        <p id="share-expired" className={styles.handOverStatus}>
          {t('shareExpired')}
        </p>
      )}
    </div>
  );
}
