import {
  GEOCODE_CACHE_CONTROL,
  lookup,
  readQuery,
  reverseQuerySchema,
  spendLookup,
} from '@/lib/geocoding/geocode-route';
import type { ReverseAnswer } from '@/lib/api/geocode';
import { geocoder } from '@/lib/geocoding/geocoder';
import { sessionHandler } from '@/lib/session/session-handler';

export const dynamic = 'force-dynamic';

/** The address at a pin: `{ address }` (a ReverseAnswer), null when nothing is known there. */
export const GET = sessionHandler(async (request, session) => {
  await spendLookup(session.id);
  const { lat, lng } = readQuery(request, reverseQuerySchema);
  const answer: ReverseAnswer = { address: await lookup(() => geocoder().reverse(lat, lng)) };
  return Response.json(answer, { headers: { 'cache-control': GEOCODE_CACHE_CONTROL } });
});
