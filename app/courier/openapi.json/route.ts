import { env } from '@/lib/env';
import { courierHandler } from '@/lib/courier-service/courier-handler';
import { courierOpenApiDocument } from '@/lib/courier-service/openapi';

// Answered per request: the document exists only while the built-in courier is switched on.
export const dynamic = 'force-dynamic';

export const GET = courierHandler(async () =>
  Response.json(courierOpenApiDocument(env.courierService.errorStatus), {
    headers: { 'cache-control': 'public, max-age=300' },
  }),
);
