import { signOutEverywhereContract } from '@/lib/api/session';
import { respond } from '@/lib/http/by-contract';
import { apiHandler } from '@/lib/http/api-handler';
import { signOutEverywhere } from '@/lib/session/session-handler';

export const dynamic = 'force-dynamic';

/**
 * Sign out everywhere: every session of the dispatcher's account ends, on every device. Allowed
 * to a signed-in dispatcher, or to the browser that signed out of that account minutes ago.
 */
export const POST = apiHandler(async (request, { log }) => {
  const response = respond(signOutEverywhereContract, undefined, {
    headers: { 'cache-control': 'no-store' },
  });
  for (const cookie of await signOutEverywhere(request, log)) {
    response.headers.append('set-cookie', cookie);
  }
  return response;
});
