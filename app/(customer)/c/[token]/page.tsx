import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CustomerQuote } from '@/components/customer-link/customer-quote';
import { customerWords } from '@/components/customer-link/customer-words';
import { env } from '@/lib/env';
import { customerLinkOf } from '@/lib/quote-records/customer-link';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ token: string }> };

const NOINDEX = { index: false, follow: false, nocache: true } as const;

/** What a chat shows of the link: "Cotización DQ-7K3M9P · $35.00 · 28 min" and the trip. */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const state = await customerLinkOf((await params).token);
  if (state.kind === 'gone') return { robots: NOINDEX };
  const words = await customerWords(state.view);
  const description = words.t('customerLink.shareDescription', {
    from: words.from,
    to: words.to,
    vehicle: words.vehicle,
  });
  return {
    title: words.shareTitle,
    description,
    robots: NOINDEX,
    openGraph: {
      type: 'website',
      title: words.shareTitle,
      description,
      locale: state.view.language.replace('-', '_'),
    },
  };
}

/** The customer's page of a quote: public, read-only, gone (404) once revoked or past its TTL. */
export default async function CustomerQuotePage({ params }: Props) {
  const state = await customerLinkOf((await params).token);
  if (state.kind === 'gone') notFound();
  return (
    <CustomerQuote
      view={state.view}
      words={await customerWords(state.view)}
      map={{
        tileUrl: env.publicConfig.tileUrl,
        attribution: env.publicConfig.tileAttribution,
      }}
    />
  );
}
