'use client';

import { useTranslations } from 'use-intl';
import { useLocaleSwitch } from './locale-context';

/** One button that names the other language in that language ("English" / "Español"). */
export function LanguageSwitch({ className }: { className?: string }) {
  const t = useTranslations('header');
  const { locale, switchLocale } = useLocaleSwitch();
  const other = locale === 'en' ? 'es-MX' : 'en';
  return (
    <button
      type="button"
      className={`button ${className ?? ''}`}
      lang={other}
      aria-label={t('switchToLabel')}
      onClick={() => switchLocale(other)}
    >
      {t('switchTo')}
    </button>
  );
}
