import 'server-only';
import { withinDatabaseTimeout } from '@/lib/db/connect';
import { databaseErrorSummary, isDatabaseOutage } from '@/lib/db/outage';
import { env } from '@/lib/env';
import { log as rootLog } from '@/lib/log';
import { processSingleton } from '@/lib/process-singleton';
import type { Quote, QuoteRecordAnswer } from '@/lib/api/quote';
import type { Locale } from '@/lib/i18n/config';
import type { QuoteRequest } from '@/lib/quote/schema';
import { quoteRecordStore } from './index';
import type { RecordedStop, QuoteRecordStore } from './record';

/** After an outage (lib/db/outage.ts), quotes skip the database this long: a dead one must not slow every quote. */
export const RECORD_BACK_OFF_MS = 1_000;

export interface QuoteToRecord {
  dispatcher: { email: string; courierClientId?: number };
  trip: QuoteRequest;
  quote: Quote;
  language: Locale;
}

/**
 * When the quote was issued and until when it is valid: the instants the answer's quote states
 * (lib/quoting dates it once, on the server's clock).
 */
export function validityOf(quote: Quote): { issuedAt: Date; expiresAt: Date } {
  return { issuedAt: new Date(quote.issuedAt), expiresAt: new Date(quote.expiresAt) };
}

/**
 * Stores the record of a quote about to be answered (in the journal, with a reference reserved
 * ahead: ./journalled-store.ts), and gives what the answer says of it; undefined when the
 * database is away (the store met an outage, a reservation did not answer within
 * DATABASE_TIMEOUT_MS, or RECORD_BACK_OFF_MS after either), when the journal could not be
 * written (logged as an error), or when QUOTE_RECORDS is off. The quote is answered either way.
 */
export async function recordQuote(
  toRecord: QuoteToRecord,
  { log = rootLog, store }: { log?: typeof rootLog; store?: QuoteRecordStore } = {},
): Promise<QuoteRecordAnswer | undefined> {
  if (!env.quoteRecords) return undefined;
  const outage = processSingleton('quote-records:outage', () => ({ since: 0, retryAt: 0 }));
  if (Date.now() < outage.retryAt) return undefined;
  try {
    const saved = await withinDatabaseTimeout(
      (store ?? quoteRecordStore()).save({
        dispatcherEmail: toRecord.dispatcher.email,
        ...(toRecord.dispatcher.courierClientId === undefined
          ? {}
          : { courierClientId: toRecord.dispatcher.courierClientId }),
        language: toRecord.language,
        stops: stopsOf(toRecord.trip),
        ...customerOf(toRecord.trip),
        quote: toRecord.quote,
        ...validityOf(toRecord.quote),
      }),
    );
    if (outage.since) {
      log.warn({ database: 'up' }, 'quote records are stored again');
      outage.since = 0;
    }
    return {
      reference: saved.reference,
      customerUrl: saved.customerUrl,
      expiresAt: saved.expiresAt.toISOString(),
    };
  } catch (error) {
    const { code, message } = databaseErrorSummary(error);
    if (!isDatabaseOutage(error)) {
      // Not the database's absence (the journal's file, a fault): the next quote tries again.
      log.error({ database: 'refused', code, message }, 'quote record not stored');
      return undefined;
    }
    if (!outage.since) {
      outage.since = Date.now();
      log.error(
        { database: 'down', code },
        'quote record not stored: quotes are answered without a reference until the database answers',
      );
    }
    outage.retryAt = Date.now() + RECORD_BACK_OFF_MS;
    return undefined;
  }
}

/** The customer text when one was written (the schema trims it): never an empty one. */
const customerOf = (trip: QuoteRequest): { customer?: string } =>
  trip.customer ? { customer: trip.customer } : {};

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The stops as the dispatcher confirmed them, lettered as the map pins them (A the pickup). */
export function stopsOf(trip: QuoteRequest): RecordedStop[] {
  return [trip.pickup, ...trip.dropoffs].map((point, index) => ({
    letter: LETTERS[index] ?? String(index + 1),
    street: point.street,
    exteriorNumber: point.exteriorNumber,
    ...(point.interiorNumber ? { interiorNumber: point.interiorNumber } : {}),
    neighborhood: point.neighborhood,
    zipCode: point.zipCode,
    lat: point.lat,
    lng: point.lng,
  }));
}
