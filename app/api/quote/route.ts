import { quoteContract } from '@/lib/api/quote';
import { readBody, respond } from '@/lib/http/by-contract';
import { quoteTrip } from '@/lib/quoting/quote-trip';
import { sessionHandler } from '@/lib/session/session-handler';

export const dynamic = 'force-dynamic';

/** The courier's quote for a trip from the pickup (A) through the drop-offs in order. */
export const POST = sessionHandler(async (request, session, { log }) => {
  const trip = await readBody(request, quoteContract);
  const quote = await quoteTrip(session, trip, { log });
  return respond(quoteContract, { quote }, { headers: { 'cache-control': 'no-store' } });
});
