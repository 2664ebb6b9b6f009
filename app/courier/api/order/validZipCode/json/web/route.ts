import { quotationRequestSchema, TOKEN_HEADER } from '@/lib/courier-api/wire';
import { courierHandler } from '@/lib/courier-service/courier-handler';
import { courierJson } from '@/lib/courier-service/errors';
import { authenticateToken, quote } from '@/lib/courier-service/service';

export const POST = courierHandler(async (request, { readBody }) => {
  await authenticateToken(request.headers.get(TOKEN_HEADER));
  const order = await readBody(quotationRequestSchema);
  return courierJson(await quote(order));
});
