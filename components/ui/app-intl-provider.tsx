'use client';

import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider } from 'use-intl';
import { LOCALE_COOKIE, TIME_ZONE, type Locale } from '@/lib/i18n/config';
import { loadMessages, type Messages } from '@/lib/i18n/load-messages';
import { LocaleSwitchContext } from './locale-context';

const ONE_YEAR = 60 * 60 * 24 * 365;

/**
 * Every text of the screen comes from one catalog. The server renders the chosen language; a switch
 * loads the other catalog in the browser and keeps everything typed so far (no page reload).
 */
export function AppIntlProvider({
  initialLocale,
  initialMessages,
  children,
}: {
  initialLocale: Locale;
  initialMessages: Messages;
  children: ReactNode;
}) {
  const [current, setCurrent] = useState({ locale: initialLocale, messages: initialMessages });

  const switchLocale = useCallback((locale: Locale) => {
    document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${ONE_YEAR}; samesite=lax`;
    void loadMessages(locale).then((messages) => {
      document.documentElement.lang = locale;
      // The tab's title is the server's (app/(app)/layout.tsx metadata): it follows the switch here.
      document.title = messages.app.name;
      setCurrent({ locale, messages });
    });
  }, []);

  const value = useMemo(
    () => ({ locale: current.locale, switchLocale }),
    [current.locale, switchLocale],
  );

  return (
    <LocaleSwitchContext value={value}>
      <IntlProvider locale={current.locale} messages={current.messages} timeZone={TIME_ZONE}>
        {children}
      </IntlProvider>
    </LocaleSwitchContext>
  );
}
