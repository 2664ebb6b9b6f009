import {
  GEOCODE_CACHE_CONTROL,
  lookup,
  readQuery,
  searchQuerySchema,
  spendLookup,
} from '@/lib/geocoding/geocode-route';
import { geocoder } from '@/lib/geocoding/geocoder';
import { searchAddresses } from '@/lib/geocoding/search-addresses';
import { sessionHandler } from '@/lib/session/session-handler';

export const dynamic = 'force-dynamic';

/**
 * What the dispatcher's text finds, best first, nearest the map's centre when given:
 * `{ results, typed }` (a SearchAnswer, lib/api/geocode.ts).
 */
export const GET = sessionHandler(async (request, session) => {
  await spendLookup(session.id);
  const { q, lat, lng } = readQuery(request, searchQuerySchema);
  const near = lat !== undefined && lng !== undefined ? { lat, lng } : undefined;
  const answer = await lookup(() => searchAddresses(geocoder(), q, near));
  return Response.json(answer, { headers: { 'cache-control': GEOCODE_CACHE_CONTROL } });
});
