'use client';

import { createContext, useContext } from 'react';
import type { Locale } from '@/lib/i18n/config';

export interface LocaleSwitch {
  locale: Locale;
  switchLocale: (locale: Locale) => void;
}

export const LocaleSwitchContext = createContext<LocaleSwitch | null>(null);

/** The current language and a way to change it, for the language button. */
export function useLocaleSwitch(): LocaleSwitch {
  const value = useContext(LocaleSwitchContext);
  if (!value) throw new Error('useLocaleSwitch needs AppIntlProvider above it');
  return value;
}
