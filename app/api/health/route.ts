import { courierReachability } from '@/lib/courier-client';
import { env } from '@/lib/env';
import { apiRoute } from '@/lib/http/api-route';

export const dynamic = 'force-dynamic';

/** Liveness (this answer) and whether the courier answers; never names the courier's URL. */
export const GET = apiRoute(async () =>
  Response.json(
    { status: 'ok', courier: { builtin: env.courier.isBuiltin, ...(await courierReachability()) } },
    { headers: { 'cache-control': 'no-store' } },
  ),
);
