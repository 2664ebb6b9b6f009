import { geocodeSearchContract } from '@/lib/api/geocode';
import { readQuery, respond } from '@/lib/http/by-contract';
import { GEOCODE_CACHE_CONTROL, lookup, spendLookup } from '@/lib/geocoding/geocode-endpoints';
import { geocoder } from '@/lib/geocoding/geocoder';
import { searchAddresses } from '@/lib/geocoding/search-addresses';
import { coverageForMap } from '@/lib/quoting/coverage-for-map';
import { sessionHandler } from '@/lib/session/session-handler';

export const dynamic = 'force-dynamic';

/**
 * What the dispatcher's text finds, best first, nearest the map's centre when given:
 * `{ results, typed }`, and `notCovered` when the text names a place the courier's zones do not
 * serve.
 */
export const GET = sessionHandler(async (request, session) => {
  await spendLookup(session.id);
  const { q, lat, lng } = readQuery(request, geocodeSearchContract);
  const near = lat !== undefined && lng !== undefined ? { lat, lng } : undefined;
  const answer = await lookup(() => searchAddresses(geocoder(), q, near, coverageForMap));
  return respond(geocodeSearchContract, answer, {
    headers: { 'cache-control': GEOCODE_CACHE_CONTROL },
  });
});
