import { notFound } from 'next/navigation';
import {
  CustomerPreviewImage,
  PREVIEW_IMAGE_SIZE,
} from '@/components/customer-link/customer-preview-image';
import { customerWords } from '@/components/customer-link/customer-words';
import { customerLinkOf } from '@/lib/quote-records/customer-link';

type Params = { token: string };

/** Drawn on each request: a cached picture would outlive its revoked link. */
export const dynamic = 'force-dynamic';

/** Its alt text in the quote's language; no image for a link that is gone. */
export async function generateImageMetadata({ params }: { params: Params | Promise<Params> }) {
  const state = await customerLinkOf((await params).token);
  if (state.kind === 'gone') return [];
  const words = await customerWords(state.view);
  return [
    {
      id: 'preview',
      contentType: 'image/png',
      size: PREVIEW_IMAGE_SIZE,
      alt: words.t('customerLink.imageAlt', {
        reference: state.view.reference,
        total: words.total,
        minutes: words.minutes,
      }),
    },
  ];
}

/** The picture a chat shows beside the link (next/og, with the font bundled with Next). */
export default async function Image({ params }: { params: Promise<Params> }) {
  const state = await customerLinkOf((await params).token);
  if (state.kind === 'gone') notFound();
  return CustomerPreviewImage({ view: state.view, words: await customerWords(state.view) });
}
