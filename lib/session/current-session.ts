import 'server-only';
import { headers } from 'next/headers';
import { isSecureConnection, readSessionCookie } from './cookie';
import { sessionFromCookie, signOutNoteAccount } from './session-handler';

export interface SessionUser {
  email: string;
  name: string;
  zone?: string;
}

/**
 * For pages (server components): the signed-in dispatcher, or null. The cookie is read with the
 * very parser route handlers use (lib/session/cookie.ts). Route handlers use sessionHandler
 * instead, which also renews the courier token.
 */
export async function currentSession(): Promise<SessionUser | null> {
  return (await currentDispatcher())?.user ?? null;
}

/** For pages of quote records: the dispatcher and the courier client their records belong to. */
export async function currentDispatcher(): Promise<{
  user: SessionUser;
  courierClientId?: number;
} | null> {
  const requestHeaders = await headers();
  try {
    const { user, courierClientId } = await sessionFromCookie(
      readSessionCookie(requestHeaders, isSecureConnection(requestHeaders)),
    );
    return { user, ...(courierClientId === undefined ? {} : { courierClientId }) };
  } catch {
    return null;
  }
}

/** For the sign-in page: whether this browser signed out minutes ago and may sign out everywhere. */
export async function canSignOutEverywhere(): Promise<boolean> {
  const requestHeaders = await headers();
  return (
    (await signOutNoteAccount(requestHeaders, isSecureConnection(requestHeaders))) !== undefined
  );
}
