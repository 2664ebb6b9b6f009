import {
  GEOCODE_CACHE_CONTROL,
  lookup,
  readQuery,
  searchQuerySchema,
  spendLookup,
} from '@/lib/geocoding/geocode-route';
import { geocoder } from '@/lib/geocoding/geocoder';
import { sessionRoute } from '@/lib/session/session-route';

export const dynamic = 'force-dynamic';

/** Places matching a text, best first, nearest the map's centre when given: `{ results }`. */
export const GET = sessionRoute(async (request, session) => {
  await spendLookup(session.id);
  const { q, lat, lng } = readQuery(request, searchQuerySchema);
  const near = lat !== undefined && lng !== undefined ? { lat, lng } : undefined;
  const results = await lookup(() => geocoder().search(q, near));
  return Response.json({ results }, { headers: { 'cache-control': GEOCODE_CACHE_CONTROL } });
});
