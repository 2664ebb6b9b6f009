/** Languages of the dispatcher's screen: Mexican Spanish first, English on request. */
export const LOCALES = ['es-MX', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'es-MX';

/** Read by the server to render the chosen language on the first paint (no flash of Spanish). */
export const LOCALE_COOKIE = 'locale';

/** Clock times (a quote's arrival) are shown in the service's time zone, where dispatchers work. */
export const TIME_ZONE = 'America/Mexico_City';

/** Money is Mexican pesos and is always written the Mexican way, whatever the interface language. */
export const MONEY_LOCALE = 'es-MX';

export function toLocale(value: string | null | undefined): Locale {
  return LOCALES.find((locale) => locale === value) ?? DEFAULT_LOCALE;
}
