import { geocodeReverseContract } from '@/lib/api/geocode';
import { readQuery, respond } from '@/lib/http/by-contract';
import { GEOCODE_CACHE_CONTROL, lookup, spendLookup } from '@/lib/geocoding/geocode-endpoints';
import { geocoder } from '@/lib/geocoding/geocoder';
import { sessionHandler } from '@/lib/session/session-handler';

export const dynamic = 'force-dynamic';

/** The address at a pin: `{ address }`, null when nothing is known there. */
export const GET = sessionHandler(async (request, session) => {
  await spendLookup(session.id);
  const { lat, lng } = readQuery(request, geocodeReverseContract);
  const address = await lookup(() => geocoder().reverse(lat, lng));
  return respond(
    geocodeReverseContract,
    { address },
    { headers: { 'cache-control': GEOCODE_CACHE_CONTROL } },
  );
});
