import { apiRoute } from '@/lib/http/api-route';
import { signOutEverywhere } from '@/lib/session/session-route';

export const dynamic = 'force-dynamic';

/**
 * Sign out everywhere: every session of the dispatcher's account ends, on every device. Allowed
 * to a signed-in dispatcher, or to the browser that signed out of that account minutes ago.
 */
export const POST = apiRoute(async (request, { log }) => {
  const response = new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
  for (const cookie of await signOutEverywhere(request, log)) {
    response.headers.append('set-cookie', cookie);
  }
  return response;
});
