import { loginRequestSchema } from '@/lib/courier-api/wire';
import { courierHandler } from '@/lib/courier-service/courier-handler';
import { courierJson } from '@/lib/courier-service/errors';
import { authenticateApiClient, logIn } from '@/lib/courier-service/service';

export const POST = courierHandler(async (request, { readBody, endUserAddress }) => {
  const client = authenticateApiClient(request.headers.get('authorization'));
  const { data } = await readBody(loginRequestSchema);
  return courierJson(await logIn(client, data.systemRequest, { endUserAddress }));
});
