import type { Locale } from '@/lib/i18n/config';
import type { QuoteRecord } from './record';

/**
 * What the customer's page (app/(customer)/c/[token]) may show of a record: the stops as a rider finds them,
 * the total, the ETA, the vehicle and until when the quote holds. Nothing internal: no dispatcher,
 * no reference-free ids, no courier fields (zone, fees, rating). Pure: the caller says when "now" is.
 */

export interface CustomerStop {
  /** A the pickup, B, C… the drop-offs, as the map pins them. */
  letter: string;
  street: string;
  exteriorNumber: string;
  interiorNumber?: string;
  neighborhood: string;
  lat: number;
  lng: number;
}

export interface CustomerQuoteView {
  /** `DQ-7K3M9P`: what the customer reads back over the phone. */
  reference: string;
  language: Locale;
  stops: CustomerStop[];
  /** MXN, VAT included. */
  total: number;
  etaMinutes: number;
  isBike: boolean;
  expiresAt: Date;
  expired: boolean;
}

/** The page shows the quote, or says the link is gone (404): unknown, revoked, or past its TTL. */
export type CustomerLinkState =
  | { kind: 'shown'; view: CustomerQuoteView }
  | { kind: 'gone'; reason: 'unknown' | 'revoked' | 'lapsed' };

/**
 * The link opens until `ttlSeconds` (CUSTOMER_LINK_TTL) after the quote expired, and never again
 * once the dispatcher revoked it.
 */
export function customerLinkState(
  record: QuoteRecord | undefined,
  now: Date,
  ttlSeconds: number,
): CustomerLinkState {
  if (!record) return { kind: 'gone', reason: 'unknown' };
  if (record.linkRevokedAt) return { kind: 'gone', reason: 'revoked' };
  if (now.getTime() >= record.expiresAt.getTime() + ttlSeconds * 1000) {
    return { kind: 'gone', reason: 'lapsed' };
  }
  return { kind: 'shown', view: customerViewOf(record, now) };
}

function customerViewOf(record: QuoteRecord, now: Date): CustomerQuoteView {
  return {
    reference: record.reference,
    language: record.language,
    stops: record.stops.map((stop) => ({
      letter: stop.letter,
      street: stop.street,
      exteriorNumber: stop.exteriorNumber,
      ...(stop.interiorNumber ? { interiorNumber: stop.interiorNumber } : {}),
      neighborhood: stop.neighborhood,
      lat: stop.lat,
      lng: stop.lng,
    })),
    total: record.quote.total,
    etaMinutes: record.quote.etaMinutes,
    isBike: record.quote.isBike,
    expiresAt: record.expiresAt,
    expired: now.getTime() >= record.expiresAt.getTime(),
  };
}

/** "Sonora 180 int. 1": the street line of a stop, as a rider reads it at the door. */
export function streetLine(
  stop: Pick<CustomerStop, 'street' | 'exteriorNumber' | 'interiorNumber'>,
): string {
  const base = `${stop.street} ${stop.exteriorNumber}`.trim();
  return stop.interiorNumber ? `${base} int. ${stop.interiorNumber}` : base;
}
