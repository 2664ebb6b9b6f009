import { quoteTrip } from '@/lib/quote/quote-trip';
import { readLocalizedJson } from '@/lib/quote/read-localized-json';
import { quoteRequestSchema } from '@/lib/quote/schema';
import { sessionRoute } from '@/lib/session/session-route';

export const dynamic = 'force-dynamic';

/** The courier's quote for a trip from the pickup (A) to the drop-off (B). */
export const POST = sessionRoute(async (request, session, { log }) => {
  const trip = await readLocalizedJson(request, quoteRequestSchema);
  const quote = await quoteTrip(session, trip, { log });
  return Response.json({ quote }, { headers: { 'cache-control': 'no-store' } });
});
