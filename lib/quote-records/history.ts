import 'server-only';
import type { QuoteRecordView } from '@/lib/api/quote-records';
import { TZDate } from '@date-fns/tz';
import { withinDatabaseTimeout } from '@/lib/db/connect';
import { ApiError } from '@/lib/http/api-error';
import type { QuoteRecord, RecordViewer } from './record';

/** Who asks, as the records know a signed-in dispatcher: their e-mail and their courier client. */
export const viewerOf = (session: { email: string; courierClientId?: number }): RecordViewer => ({
  email: session.email,
  ...(session.courierClientId === undefined ? {} : { courierClientId: session.courierClientId }),
});

/** A record as the history's API answers it: instants as ISO text, nothing of the team's id. */
export function recordView(record: QuoteRecord): QuoteRecordView {
  return {
    reference: record.reference,
    dispatcherEmail: record.dispatcherEmail,
    language: record.language,
    stops: record.stops,
    ...(record.customer ? { customer: record.customer } : {}),
    quote: record.quote,
    createdAt: record.createdAt.toISOString(),
    issuedAt: record.issuedAt.toISOString(),
    expiresAt: record.expiresAt.toISOString(),
    ...(record.linkRevokedAt ? { linkRevokedAt: record.linkRevokedAt.toISOString() } : {}),
    ...(record.customerUrl && !record.linkRevokedAt ? { customerUrl: record.customerUrl } : {}),
  };
}

/**
 * A call to the records within DATABASE_TIMEOUT_MS: a cursor or day the store refuses is the
 * caller's 400; an unreachable or slow database is 503 records_unavailable, never a bare 500.
 */
export async function fromRecords<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await withinDatabaseTimeout(call());
  } catch (error) {
    throw recordsError(error);
  }
}

export function recordsError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof RangeError) {
    return new ApiError('invalid_request', 'Some parameters need attention.', {
      // The store's RangeErrors name their parameter first ("cursor: …", "day: …").
      fields: { [error.message.split(':')[0] ?? 'query']: error.message },
    });
  }
  return new ApiError(
    'records_unavailable',
    'The quote history cannot be reached right now. Quotes still work; try again in a moment.',
  );
}

export const recordNotFound = () =>
  new ApiError('not_found', 'No quote with that reference among yours or your team’s.');

/**
 * An export's period: from the start of `from` to the end of `to`, days on the clocks of
 * `timeZone` (23 or 25 hours on a change of time); either end open when not given.
 */
export function periodOf(
  { from, to }: { from?: string; to?: string },
  timeZone: string,
): { from?: Date; to?: Date } {
  const start = (day: string, plusDays: number) => {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    return new Date(new TZDate(year, month - 1, date + plusDays, timeZone).getTime());
  };
  return { ...(from ? { from: start(from, 0) } : {}), ...(to ? { to: start(to, 1) } : {}) };
}
