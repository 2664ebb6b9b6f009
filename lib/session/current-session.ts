import 'server-only';
import { cookies } from 'next/headers';
import { SESSION_COOKIE } from './cookie';
import { sessionFromCookie } from './session-route';

export interface SessionUser {
  email: string;
  name: string;
  zone?: string;
}

/**
 * For pages (server components): the signed-in dispatcher, or null. Route handlers use
 * sessionRoute instead, which also renews the courier token.
 */
export async function currentSession(): Promise<SessionUser | null> {
  const value = (await cookies()).get(SESSION_COOKIE)?.value;
  try {
    const { user } = await sessionFromCookie(value);
    return user;
  } catch {
    return null;
  }
}
