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
import { signIn } from '@/lib/session/sign-in';

export const dynamic = 'force-dynamic';

const NO_STORE = { 'cache-control': 'no-store' };

/** Sign in: the courier checks the password; the session goes into a sealed httpOnly cookie. */
export const POST = apiHandler(async (request, { log, address }) => {
  const input = await readBody(request, signInContract);
  const session = await signIn(input, { address, log });
  await endSessionOf(request);
  const response = respond(signInContract, { user: session.user }, { headers: NO_STORE });
  return withCookies(response, await sessionCookiesFor(request, session));
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
