import { env } from '@/lib/env';
import { apiRoute } from '@/lib/http/api-route';
import { coverageForMap } from '@/lib/courier-service/zones';

export const dynamic = 'force-dynamic';

/**
 * The coverage zones to draw on the map. Only the built-in courier's zones are known; another
 * courier does not publish its coverage, so the map then draws none (and the quote still says
 * when a point is outside).
 */
export const GET = apiRoute(async () => {
  const coverage = env.courier.isBuiltin
    ? await coverageForMap()
    : { type: 'FeatureCollection' as const, features: [] };
  return Response.json(coverage, { headers: { 'cache-control': 'private, max-age=300' } });
});
