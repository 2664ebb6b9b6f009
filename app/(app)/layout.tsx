import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { AppIntlProvider } from '@/components/ui/app-intl-provider';
import { ServiceWorkerRegistration } from '@/components/ui/service-worker-registration';
import { env } from '@/lib/env';
import { loadMessages } from '@/lib/i18n/load-messages';
import { requestLocale } from '@/lib/i18n/request-locale';
import '@/app/base.css';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const messages = await loadMessages(await requestLocale());
  return {
    title: messages.app.name,
    description: messages.app.description,
    applicationName: messages.app.name,
    icons: {
      icon: [
        { url: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { url: '/icons/icon.svg', type: 'image/svg+xml' },
      ],
      apple: [{ url: '/icons/apple-touch-icon.png', sizes: '180x180' }],
    },
    appleWebApp: { capable: true, title: messages.app.shortName, statusBarStyle: 'default' },
    formatDetection: { telephone: false },
  };
}

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  viewportFit: 'cover',
  themeColor: '#0b3d91',
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const locale = await requestLocale();
  const messages = await loadMessages(locale);
  return (
    <html lang={locale}>
      <body>
        <AppIntlProvider initialLocale={locale} initialMessages={messages}>
          {children}
        </AppIntlProvider>
        <ServiceWorkerRegistration tileUrl={env.publicConfig.tileUrl} />
      </body>
    </html>
  );
}
