import { quotationRequestSchema, TOKEN_HEADER } from '@/lib/courier-api/wire';
import { courierRoute } from '@/lib/courier-service/courier-route';
import { courierJson } from '@/lib/courier-service/errors';
import { authenticateToken, quote } from '@/lib/courier-service/service';

export const POST = courierRoute(async (request, { readBody }) => {
  await authenticateToken(request.headers.get(TOKEN_HEADER));
  const order = await readBody(quotationRequestSchema);
  return courierJson(await quote(order));
});
