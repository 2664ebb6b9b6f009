import {
  GEOCODE_CACHE_CONTROL,
  lookup,
  readQuery,
  searchQuerySchema,
  spendLookup,
} from '@/lib/geocoding/geocode-route';
import { geocoder } from '@/lib/geocoding/geocoder';
import { searchAddresses } from '@/lib/geocoding/search-addresses';
import { coverageForMap } from '@/lib/quoting/coverage-for-map';
import { sessionRoute } from '@/lib/session/session-route';

export const dynamic = 'force-dynamic';

/**
 * What the dispatcher's text finds, best first, nearest the map's centre when given:
 * `{ results, typed }` (a SearchAnswer, lib/api/geocode.ts), and `notCovered` when the text names a
 * place the courier's zones do not serve.
 */
export const GET = sessionRoute(async (request, session) => {
  await spendLookup(session.id);
  const { q, lat, lng } = readQuery(request, searchQuerySchema);
  const near = lat !== undefined && lng !== undefined ? { lat, lng } : undefined;
  const answer = await lookup(() => searchAddresses(geocoder(), q, near, coverageForMap));
  return Response.json(answer, { headers: { 'cache-control': GEOCODE_CACHE_CONTROL } });
});
