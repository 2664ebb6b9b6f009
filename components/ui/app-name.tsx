'use client';

import { useTranslations } from 'use-intl';

/** The app's name in the current language (follows the language switch without a reload). */
export function AppName({ short = false }: { short?: boolean }) {
  return useTranslations('app')(short ? 'shortName' : 'name');
}
