import { coverageContract } from '@/lib/api/coverage';
import { respond } from '@/lib/http/by-contract';
import { apiHandler } from '@/lib/http/api-handler';
import { coverageForMap } from '@/lib/quoting/coverage-for-map';

export const dynamic = 'force-dynamic';

/** The coverage zones to draw on the map (none when the courier does not publish them). */
export const GET = apiHandler(async () =>
  respond(coverageContract, await coverageForMap(), {
    headers: { 'cache-control': 'private, max-age=300' },
  }),
);
