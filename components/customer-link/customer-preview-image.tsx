import { ImageResponse } from 'next/og';
import type { CustomerQuoteView } from '@/lib/quote-records/customer-view';
import type { CustomerWords } from './customer-words';

/** The size WhatsApp, Telegram and others show large (1.91 : 1). */
export const PREVIEW_IMAGE_SIZE = { width: 1200, height: 630 };

const INK = '#0f172a';
const MUTED = '#475569';

/**
 * The link's preview picture: the reference, the total in large type, the minutes and vehicle,
 * and from where to where. Satori draws it: only flex layout and inline styles.
 */
export function CustomerPreviewImage({
  view,
  words,
}: {
  view: CustomerQuoteView;
  words: CustomerWords;
}): ImageResponse {
  const { t } = words;
  return new ImageResponse(
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: 64,
        background: '#ffffff',
        borderTop: '24px solid #0b3d91',
        color: INK,
        fontSize: 40,
      }}
    >
      <div style={{ display: 'flex', fontSize: 48, color: MUTED }}>
        {t('customerLink.title', { reference: view.reference })}
      </div>
      <div style={{ display: 'flex', alignItems: 'baseline', gap: 32 }}>
        <div style={{ display: 'flex', fontSize: 150, fontWeight: 700 }}>{words.total}</div>
        <div style={{ display: 'flex', fontSize: 44, color: MUTED }}>MXN</div>
      </div>
      <div style={{ display: 'flex', fontSize: 56 }}>
        {`${t('customerLink.etaValue', { minutes: words.minutes })} · ${words.vehicle}`}
      </div>
      <div style={{ display: 'flex', flexDirection: 'column', color: MUTED }}>
        <div style={{ display: 'flex' }}>{`A · ${words.from}`}</div>
        <div style={{ display: 'flex' }}>{`${view.stops.at(-1)!.letter} · ${words.to}`}</div>
      </div>
    </div>,
    {
      ...PREVIEW_IMAGE_SIZE,
      headers: { 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex' },
    },
  );
}
