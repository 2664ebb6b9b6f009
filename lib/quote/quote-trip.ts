import 'server-only';
import { courierQuotation } from '@/lib/courier-client';
import { log as rootLog } from '@/lib/log';
import type { DispatcherSession } from '@/lib/session/session-route';
import type { Quote } from './quote';
import type { QuoteRequest } from './schema';

/** The courier's quote for a trip, asked with the dispatcher's session (token renewed as needed). */
export async function quoteTrip(
  session: DispatcherSession,
  request: QuoteRequest,
  { log = rootLog }: { log?: typeof rootLog } = {},
): Promise<Quote> {
  return session.withCourierToken((accessToken) => courierQuotation(accessToken, request, { log }));
}
