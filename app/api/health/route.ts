import { healthContract } from '@/lib/api/health';
import { courierReachability } from '@/lib/courier-client';
import { env } from '@/lib/env';
import { respond } from '@/lib/http/by-contract';
import { apiHandler } from '@/lib/http/api-handler';
import { sharedStoreHealth } from '@/lib/redis/store-health';

export const dynamic = 'force-dynamic';

/**
 * Liveness (this answer), whether the courier answers, and whether the shared store does (Redis,
 * with several instances: `degraded` while each instance keeps to its own memory). Names neither
 * the courier's URL nor Redis's.
 */
export const GET = apiHandler(async () => {
  const [courier, store] = await Promise.all([courierReachability(), sharedStoreHealth()]);
  return respond(
    healthContract,
    { status: 'ok', courier: { builtin: env.courier.isBuiltin, ...courier }, store },
    { headers: { 'cache-control': 'no-store' } },
  );
});
