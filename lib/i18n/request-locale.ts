import 'server-only';
import { headers } from 'next/headers';
import type { Locale } from './config';
import { localeOfRequest } from './locale-choice';

/** The language of the page being rendered (lib/i18n/locale-choice.ts decides). */
export async function requestLocale(): Promise<Locale> {
  return localeOfRequest(await headers());
}
