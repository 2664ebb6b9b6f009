import { describe, expect, it } from 'vitest';
import type { CustomerQuoteView } from '@/lib/quote-records/customer-view';
import { RECORDED_STOPS } from '@/test/fixtures/recorded-quote-record';
import { customerWords } from './customer-words';

const VIEW: CustomerQuoteView = {
  reference: 'DQ-7K3M9P',
  language: 'es-MX',
  stops: RECORDED_STOPS,
  total: 35,
  etaMinutes: 28,
  isBike: true,
  // 14:35 in Mexico City (UTC−6).
  expiresAt: new Date('2026-11-20T20:35:00.000Z'),
  expired: false,
};

describe("the customer's page words", () => {
  it('says until when the quote holds on a Mexico City clock, and the chat title', async () => {
    const words = await customerWords(VIEW);
    expect(words.validity).toBe('Válida hasta 14:35');
    expect(words.shareTitle).toBe('Cotización DQ-7K3M9P · $35.00 · 28 min');
    expect(words.from).toBe('Varsovia 36, Juárez');
    expect(words.to).toBe('Sonora 180 int. 1, Hipódromo');
    expect(words.vehicle).toBe('Bicicleta');
  });

  it('says "Vencida" once expired, and speaks English for an English quote', async () => {
    expect((await customerWords({ ...VIEW, expired: true })).validity).toBe('Vencida');
    const english = await customerWords({ ...VIEW, language: 'en', isBike: false });
    expect(english.validity).toBe('Valid until 2:35 PM');
    expect(english.shareTitle).toBe('Quote DQ-7K3M9P · $35.00 · 28 min');
    expect(english.vehicle).toBe('Motorbike');
  });
});
