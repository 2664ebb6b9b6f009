import { apiRoute } from '@/lib/http/api-route';
import { coverageForMap } from '@/lib/quoting/coverage-for-map';

export const dynamic = 'force-dynamic';

/** The coverage zones to draw on the map (none when the courier does not publish them). */
export const GET = apiRoute(async () =>
  Response.json(await coverageForMap(), { headers: { 'cache-control': 'private, max-age=300' } }),
);
