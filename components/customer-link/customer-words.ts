import { createTranslator } from 'use-intl/core';
import { TIME_ZONE, type Locale } from '@/lib/i18n/config';
import { formatMoney } from '@/lib/i18n/money';
import { loadMessages } from '@/lib/i18n/load-messages';
import { streetLine, type CustomerQuoteView } from '@/lib/quote-records/customer-view';

/**
 * The customer's page speaks the quote's language (the dispatcher's when quoting), whatever the
 * phone that opens it: its page, its title and its preview image say the same words.
 */
export async function customerWords(view: CustomerQuoteView) {
  const locale: Locale = view.language;
  const t = createTranslator({ locale, messages: await loadMessages(locale) });
  const total = formatMoney(view.total);
  const minutes = Math.round(view.etaMinutes);
  // "14:35" as a clock in Mexico reads; "2:35 PM" in English.
  const time = new Intl.DateTimeFormat(locale, {
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: locale === 'en' ? 'h12' : 'h23',
    timeZone: TIME_ZONE,
  }).format(view.expiresAt);
  const first = view.stops[0]!;
  const last = view.stops.at(-1)!;
  return {
    t,
    total,
    minutes,
    vehicle: view.isBike ? t('quote.bike') : t('quote.motorbike'),
    /** "Válida hasta 14:35", or "Vencida". */
    validity: view.expired ? t('customerLink.expired') : t('customerLink.validUntil', { time }),
    /** "Cotización DQ-7K3M9P · $35.00 · 28 min": the chat's preview title. */
    shareTitle: t('customerLink.shareTitle', { reference: view.reference, total, minutes }),
    from: `${streetLine(first)}, ${first.neighborhood}`,
    to: `${streetLine(last)}, ${last.neighborhood}`,
  };
}

export type CustomerWords = Awaited<ReturnType<typeof customerWords>>;
