import { describe, expect, it } from 'vitest';
import { RECORDED_QUOTE, RECORDED_STOPS } from '@/test/fixtures/recorded-quote-record';
import type { QuoteRecord } from './record';
import { customerLinkState, streetLine } from './customer-view';

const EXPIRES = new Date('2026-11-20T20:35:00.000Z');
const DAY = 86_400;

const RECORD: QuoteRecord = {
  reference: 'DQ-7K3M9P',
  dispatcherEmail: 'ana@acme.mx',
  courierClientId: 10,
  language: 'es-MX',
  stops: RECORDED_STOPS,
  customer: 'Florería Lupita 55 1234 5678',
  quote: RECORDED_QUOTE,
  issuedAt: new Date('2026-11-20T20:20:00.000Z'),
  expiresAt: EXPIRES,
  createdAt: new Date('2026-11-20T20:20:00.000Z'),
  customerUrl: '/c/AAAAAAAAAAAAAAAAAAAAAA',
};

const at = (offsetSeconds: number) => new Date(EXPIRES.getTime() + offsetSeconds * 1000);

describe("the customer's link", () => {
  it('shows the stops, total, ETA and vehicle, valid until the quote expires', () => {
    const state = customerLinkState(RECORD, at(-60), 7 * DAY);
    expect(state.kind).toBe('shown');
    if (state.kind !== 'shown') return;
    expect(state.view).toMatchObject({
      reference: 'DQ-7K3M9P',
      total: 35,
      etaMinutes: 28,
      isBike: true,
      expired: false,
    });
    expect(state.view.stops.map(streetLine)).toEqual(['Varsovia 36', 'Sonora 180 int. 1']);
  });

  it('says nothing internal: no dispatcher, customer text, courier client, zone, fees or link token', () => {
    const state = customerLinkState(RECORD, at(-60), 7 * DAY);
    const text = JSON.stringify(state);
    for (const secret of [
      'ana@acme.mx',
      'Lupita',
      '1234',
      'CDMX Centro',
      'Sobre',
      'AAAAAAAAAAAAAAAAAAAAAA',
      'messengerFee',
      'operatorCost',
      'courierClientId',
      'zipCode',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('still opens once the quote expired, saying so, until CUSTOMER_LINK_TTL after', () => {
    const state = customerLinkState(RECORD, at(7 * DAY - 1), 7 * DAY);
    expect(state.kind === 'shown' && state.view.expired).toBe(true);
    expect(customerLinkState(RECORD, at(7 * DAY), 7 * DAY)).toEqual({
      kind: 'gone',
      reason: 'lapsed',
    });
  });

  it('is gone once the dispatcher revoked it, even while the quote holds', () => {
    const revoked = { ...RECORD, linkRevokedAt: at(-300) };
    expect(customerLinkState(revoked, at(-60), 7 * DAY)).toEqual({
      kind: 'gone',
      reason: 'revoked',
    });
  });

  it('an unknown token is gone', () => {
    expect(customerLinkState(undefined, at(0), 7 * DAY)).toEqual({
      kind: 'gone',
      reason: 'unknown',
    });
  });
});
