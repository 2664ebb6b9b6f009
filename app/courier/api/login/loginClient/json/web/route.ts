import { EARLIER_TOKEN_HEADER, loginRequestSchema } from '@/lib/courier-api/wire';
import { courierHandler } from '@/lib/courier-service/courier-handler';
import { courierJson } from '@/lib/courier-service/errors';
import { authenticateApiClient, logIn } from '@/lib/courier-service/service';

export const POST = courierHandler(async (request, { readBody, clientAddress, endUserAddress }) => {
  const client = await authenticateApiClient(request.headers.get('authorization'), {
    clientAddress,
  });
  const { data } = await readBody(loginRequestSchema);
  const earlierToken = request.headers.get(EARLIER_TOKEN_HEADER);
  return courierJson(await logIn(client, data.systemRequest, { endUserAddress, earlierToken }));
});
