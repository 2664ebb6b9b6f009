import { roadRouteContract } from '@/lib/api/road-route';
import { readQuery, respond } from '@/lib/http/by-contract';
import { spendRoute } from '@/lib/road-routes/road-route-allowance';
import { tripRouter } from '@/lib/road-routes/router';
import { sessionHandler } from '@/lib/session/session-handler';

export const dynamic = 'force-dynamic';

/**
 * The road route through the stops in order (`?at=lat,lng&at=…`): along the roads when a router
 * is configured and answers, else straight segments, saying why.
 */
export const GET = sessionHandler(async (request, session, { log }) => {
  await spendRoute(session.id);
  const { at: stops } = readQuery(request, roadRouteContract);
  const route = await tripRouter().route(stops, { log });
  // A fallback is not worth keeping: the router may answer the next time.
  const cacheControl = route.fallback ? 'no-store' : 'private, max-age=300';
  return respond(roadRouteContract, { route }, { headers: { 'cache-control': cacheControl } });
});
