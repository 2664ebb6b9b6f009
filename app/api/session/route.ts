import { currentSessionContract, signInContract, signOutContract } from '@/lib/api/session';
import { readBody, respond } from '@/lib/http/by-contract';
import { apiHandler } from '@/lib/http/api-handler';
import {
  endSessionOf,
  sessionCookiesFor,
  sessionHandler,
  signOut,
  withCookies,
} from '@/lib/session/session-handler';
import { deviceCookieFor, knownDevice } from '@/lib/session/device-cookie';
import { signIn } from '@/lib/session/sign-in';

export const dynamic = 'force-dynamic';

const NO_STORE = { 'cache-control': 'no-store' };

/**
 * Sign in: the courier checks the password; the session goes into a sealed httpOnly cookie, and
 * the device is marked as one where the account signed in (lib/session/device-cookie.ts).
 */
export const POST = apiHandler(async (request, { log, address }) => {
  const input = await readBody(request, signInContract);
  const device = await knownDevice(request, input.email);
  const session = await signIn(input, { address, log, device });
  await endSessionOf(request);
  const response = respond(signInContract, { user: session.user }, { headers: NO_STORE });
  return withCookies(response, [
    ...(await sessionCookiesFor(request, session)),
    await deviceCookieFor(request, { email: input.email, token: session.token.value, device }),
  ]);
});

/** Who is signed in. */
export const GET = sessionHandler(async (_request, { email, name, zone }) =>
  respond(
    currentSessionContract,
    { user: { email, name, ...(zone ? { zone } : {}) } },
    { headers: NO_STORE },
  ),
);

/** Sign out on this device. */
export const DELETE = apiHandler(async (request) => {
  const response = respond(signOutContract, undefined, { headers: NO_STORE });
  return withCookies(response, await signOut(request));
});
