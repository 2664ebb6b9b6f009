// Not server-only: the service worker picks the offline page's language with it too.
import { cookieValues } from '@/lib/cookie-header';
import { DEFAULT_LOCALE, LOCALE_COOKIE, toLocale, type Locale } from './config';

/**
 * The one rule for the language of what the app writes for a dispatcher (the pages, the API's
 * messages, the offline page): the language chosen on this device (the `locale` cookie), else the
 * first of ours the browser prefers (Accept-Language, by its q-values), else Mexican Spanish.
 */
export function chooseLocale(
  chosen: string | null | undefined,
  acceptLanguage: string | null | undefined,
): Locale {
  if (chosen) return toLocale(chosen);
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
    if (tag === 'es' || tag.startsWith('es-')) return 'es-MX';
  }
  return DEFAULT_LOCALE;
}

/** The language of a request to the server: its `locale` cookie and Accept-Language header. */
export function localeOfRequest(headers: Headers): Locale {
  return chooseLocale(
    cookieValues(headers.get('cookie'), LOCALE_COOKIE)[0],
    headers.get('accept-language'),
  );
}
