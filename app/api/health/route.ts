import { healthContract } from '@/lib/api/health';
import { courierReachability } from '@/lib/courier-client';
import { databaseHealth } from '@/lib/db/health';
import { env } from '@/lib/env';
import { respond } from '@/lib/http/by-contract';
import { apiHandler } from '@/lib/http/api-handler';
import { sharedStoreHealth } from '@/lib/redis/store-health';

export const dynamic = 'force-dynamic';

/**
 * Liveness (this answer), whether the courier answers, whether the shared store does (Redis,
 * with several instances: `degraded` while each instance keeps to its own memory), and whether the
 * quote records' database does (`degraded` while quotes go without a record). Names none of their
 * URLs.
 */
export const GET = apiHandler(async () => {
  const [courier, store, database] = await Promise.all([
    courierReachability(),
    sharedStoreHealth(),
    databaseHealth(),
  ]);
  return respond(
    healthContract,
    { status: 'ok', courier: { builtin: env.courier.isBuiltin, ...courier }, store, database },
    { headers: { 'cache-control': 'no-store' } },
  );
});
