import 'server-only';
import { COURIER_CODE } from '@/lib/courier-api/wire';
import { courierQuotation } from '@/lib/courier-client';
import { env } from '@/lib/env';
import { ApiError } from '@/lib/http/api-error';
import { log as rootLog } from '@/lib/log';
import type { DispatcherSession } from '@/lib/session/session-handler';
import type { CourierQuote, Quote } from '@/lib/api/quote';
import type { QuoteRequest } from '@/lib/quote/schema';

/**
 * A courier that prices one drop-off only (as some legacy services did) refuses a longer order as
 * malformed (-100) or as wrong addresses (-111).
 */
const ONE_DROPOFF_REFUSALS = new Set<number>([COURIER_CODE.malformed, COURIER_CODE.wrongAddresses]);

/**
 * The quote dated on this server's clock, the one clock every screen counts validity with (a
 * device's clock may be off by minutes): issued now, holding QUOTE_VALIDITY.
 */
function datedQuote(quote: CourierQuote, issuedAt: Date): Quote {
  const validityMs = env.publicConfig.quoteValiditySeconds * 1000;
  const expiresAt = new Date(issuedAt.getTime() + validityMs);
  return { ...quote, issuedAt: issuedAt.toISOString(), expiresAt: expiresAt.toISOString() };
}

/** The courier's quote for a trip, asked with the dispatcher's session (token renewed as needed). */
export async function quoteTrip(
  session: DispatcherSession,
  request: QuoteRequest,
  { log = rootLog }: { log?: typeof rootLog } = {},
): Promise<Quote> {
  try {
    const quote = await session.withCourierToken((accessToken) =>
      courierQuotation(accessToken, request, { log }),
    );
    return datedQuote(quote, new Date());
  } catch (error) {
    if (
      request.dropoffs.length > 1 &&
      error instanceof ApiError &&
      error.code === 'courier_rejected' &&
      ONE_DROPOFF_REFUSALS.has(error.details.courierCode ?? 0)
    ) {
      throw new ApiError(
        'single_dropoff_courier',
        'This courier quotes one drop-off at a time. Quote each drop-off on its own.',
      );
    }
    throw error;
  }
}
