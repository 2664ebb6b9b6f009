import 'server-only';
import { cookies } from 'next/headers';
import { LOCALE_COOKIE, toLocale, type Locale } from './config';

/** The language the dispatcher chose on this device (a cookie), else Mexican Spanish. */
export async function requestLocale(): Promise<Locale> {
  return toLocale((await cookies()).get(LOCALE_COOKIE)?.value);
}
