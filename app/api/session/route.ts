import { apiRoute } from '@/lib/http/api-route';
import { readLocalizedJson } from '@/lib/http/read-localized-json';
import {
  endSessionOf,
  sessionCookiesFor,
  sessionRoute,
  signOut,
  withCookies,
} from '@/lib/session/session-route';
import { deviceCookieFor, knownDevice } from '@/lib/session/device-cookie';
import { signIn } from '@/lib/session/sign-in';
import { signInSchema } from '@/lib/session/sign-in-schema';

export const dynamic = 'force-dynamic';

const NO_STORE = { 'cache-control': 'no-store' };

/**
 * Sign in: the courier checks the password; the session goes into a sealed httpOnly cookie, and
 * the device is marked as one where the account signed in (lib/session/device-cookie.ts).
 */
export const POST = apiRoute(async (request, { log, address }) => {
  const input = await readLocalizedJson(request, signInSchema, { maxBytes: 4 * 1024 });
  const device = await knownDevice(request, input.email);
  const session = await signIn(input, { address, log, device });
  await endSessionOf(request);
  const response = Response.json({ user: session.user }, { headers: NO_STORE });
  return withCookies(response, [
    ...(await sessionCookiesFor(request, session)),
    await deviceCookieFor(request, { email: input.email, token: session.token.value, device }),
  ]);
});

/** Who is signed in. */
export const GET = sessionRoute(async (_request, { email, name, zone }) =>
  Response.json({ user: { email, name, ...(zone ? { zone } : {}) } }, { headers: NO_STORE }),
);

/** Sign out on this device. */
export const DELETE = apiRoute(async (request) => {
  const response = new Response(null, { status: 204, headers: NO_STORE });
  return withCookies(response, await signOut(request));
});
