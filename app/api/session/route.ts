import { apiHandler } from '@/lib/http/api-handler';
import { readLocalizedJson } from '@/lib/http/read-localized-json';
import {
  endSessionOf,
  sessionCookiesFor,
  sessionHandler,
  signOut,
  withCookies,
} from '@/lib/session/session-handler';
import { signIn } from '@/lib/session/sign-in';
import { signInSchema } from '@/lib/session/sign-in-schema';

export const dynamic = 'force-dynamic';

const NO_STORE = { 'cache-control': 'no-store' };

/** Sign in: the courier checks the password; the session goes into a sealed httpOnly cookie. */
export const POST = apiHandler(async (request, { log, address }) => {
  const input = await readLocalizedJson(request, signInSchema, { maxBytes: 4 * 1024 });
  const session = await signIn(input, { address, log });
  await endSessionOf(request);
  const response = Response.json({ user: session.user }, { headers: NO_STORE });
  return withCookies(response, await sessionCookiesFor(request, session));
});

/** Who is signed in. */
export const GET = sessionHandler(async (_request, { email, name, zone }) =>
  Response.json({ user: { email, name, ...(zone ? { zone } : {}) } }, { headers: NO_STORE }),
);

/** Sign out on this device. */
export const DELETE = apiHandler(async (request) => {
  const response = new Response(null, { status: 204, headers: NO_STORE });
  return withCookies(response, await signOut(request));
});
