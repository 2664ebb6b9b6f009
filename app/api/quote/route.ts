import { quoteContract } from '@/lib/api/quote';
import { readBody, respond } from '@/lib/http/by-contract';
import { localeOfRequest } from '@/lib/i18n/locale-choice';
import { recordQuote } from '@/lib/quote-records/record-quote';
import { quoteTrip } from '@/lib/quoting/quote-trip';
import { sessionHandler } from '@/lib/session/session-handler';

export const dynamic = 'force-dynamic';

/**
 * The courier's quote for a trip from the pickup (A) through the drop-offs in order, stored as a
 * record before it is answered (without one when the database cannot store it: docs/records.md).
 */
export const POST = sessionHandler(async (request, session, { log }) => {
  const trip = await readBody(request, quoteContract);
  const quote = await quoteTrip(session, trip, { log });
  const language = localeOfRequest(request.headers);
  const record = await recordQuote({ dispatcher: session, trip, quote, language }, { log });
  return respond(
    quoteContract,
    { quote, ...(record ? { record } : {}) },
    { headers: { 'cache-control': 'no-store' } },
  );
});
