import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { requestLocale } from '@/lib/i18n/request-locale';
import { customerLinkOf, publicOrigin } from '@/lib/quote-records/customer-link';
import '@/app/base.css';

/**
 * The page says noindex itself (and so does the proxy's header), gone or not. The base of the
 * preview image's address is set here, on the segment that holds `opengraph-image.tsx`: Next
 * resolves that image with this layout's metadata, and set on the page alone it warned and fell
 * back to localhost.
 */
export async function generateMetadata(): Promise<Metadata> {
  return {
    metadataBase: await publicOrigin(),
    icons: { icon: [{ url: '/icons/icon.svg', type: 'image/svg+xml' }] },
  };
}

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: '#0b3d91',
};

/**
 * The customer's page is a root of its own (a route group beside the app's): none of the app's
 * providers, message catalogs or service worker reach a phone that opens a link, only Next's
 * runtime. Its language is the quote's (the phone's, for a link that no longer opens).
 */
export default async function CustomerLinkLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ token: string }>;
}) {
  const state = await customerLinkOf((await params).token);
  const lang = state.kind === 'shown' ? state.view.language : await requestLocale();
  return (
    <html lang={lang}>
      <body>{children}</body>
    </html>
  );
}
