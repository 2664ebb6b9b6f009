import type { RouteAnswer } from '@/lib/api/road-route';
import { readRouteQuery, spendRoute } from '@/lib/routing/route-query';
import { tripRouter } from '@/lib/routing/router';
import { sessionHandler } from '@/lib/session/session-handler';

export const dynamic = 'force-dynamic';

/**
 * The route through the stops in order (`?at=lat,lng&at=…`): along the roads when a router is
 * configured and answers, else straight segments, saying why (a RouteAnswer).
 */
export const GET = sessionHandler(async (request, session, { log }) => {
  await spendRoute(session.id);
  const stops = readRouteQuery(request);
  const answer: RouteAnswer = { route: await tripRouter().route(stops, { log }) };
  // A fallback is not worth keeping: the router may answer the next time.
  const cacheControl = answer.route.fallback ? 'no-store' : 'private, max-age=300';
  return Response.json(answer, { headers: { 'cache-control': cacheControl } });
});
