import type { QuoteAnswer } from '@/lib/api/quote';
import { quoteTrip } from '@/lib/quoting/quote-trip';
import { readLocalizedJson } from '@/lib/http/read-localized-json';
import { quoteRequestSchemaFor } from '@/lib/quote/schema';
import { sessionHandler } from '@/lib/session/session-handler';

export const dynamic = 'force-dynamic';

/** The courier's quote for a trip from the pickup (A) through the drop-offs in order. */
export const POST = sessionHandler(async (request, session, { log }) => {
  const trip = await readLocalizedJson(request, quoteRequestSchemaFor);
  const quote = await quoteTrip(session, trip, { log });
  const answer: QuoteAnswer = { quote };
  return Response.json(answer, { headers: { 'cache-control': 'no-store' } });
});
