import type { Metadata } from 'next';
import { PageNotFound } from '@/components/ui/page-not-found';
import { loadMessages } from '@/lib/i18n/load-messages';
import { requestLocale } from '@/lib/i18n/request-locale';
import '@/app/base.css';

export async function generateMetadata(): Promise<Metadata> {
  const messages = await loadMessages(await requestLocale());
  return { title: messages.pageNotFound.title, robots: { index: false, follow: false } };
}

/** An address with no page (Next's global-not-found: the app has two root layouts). */
export default PageNotFound;
