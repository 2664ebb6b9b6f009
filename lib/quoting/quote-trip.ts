import 'server-only';
import { COURIER_CODE } from '@/lib/courier-api/wire';
import { courierQuotation } from '@/lib/courier-client';
import { ApiError } from '@/lib/http/api-error';
import { log as rootLog } from '@/lib/log';
import type { DispatcherSession } from '@/lib/session/session-handler';
import type { Quote } from '@/lib/api/quote';
import type { QuoteRequest } from '@/lib/quote/schema';

/**
 * A courier that prices one drop-off only (as some legacy services did) refuses a longer order as
 * malformed (-100) or as wrong addresses (-111).
 */
const ONE_DROPOFF_REFUSALS = new Set<number>([COURIER_CODE.malformed, COURIER_CODE.wrongAddresses]);

/** The courier's quote for a trip, asked with the dispatcher's session (token renewed as needed). */
export async function quoteTrip(
  session: DispatcherSession,
  request: QuoteRequest,
  { log = rootLog }: { log?: typeof rootLog } = {},
): Promise<Quote> {
  try {
    return await session.withCourierToken((accessToken) =>
      courierQuotation(accessToken, request, { log }),
    );
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
