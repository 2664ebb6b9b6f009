import { headers } from 'next/headers';
import { mapChunkUrls } from '@/lib/build/map-chunks';

/**
 * Runs in the page while its HTML is parsed. Once the browser has painted, it asks for the map's
 * files (Leaflet and react-leaflet, components/map/leaflet-map.tsx): on the quote screen as a
 * low-priority preload, so that they download while React hydrates the screen instead of after
 * it, when the dynamic import would first ask for them (that import then finds them in the
 * cache); on the sign-in page as a prefetch, for the screen that follows. After the first paint,
 * so the map's code never delays what the dispatcher sees first (bench/: screen weight, time to
 * first pin).
 */
function askAfterFirstPaint(urls: readonly string[], rel: 'preload' | 'prefetch') {
  const nonce = document.currentScript instanceof HTMLScriptElement && document.currentScript.nonce;
  let asked = false;
  const ask = () => {
    if (asked) return;
    asked = true;
    for (const href of urls) {
      const link = document.createElement('link');
      link.rel = rel;
      if (rel === 'preload') {
        link.as = href.endsWith('.css') ? 'style' : 'script';
        link.fetchPriority = 'low';
      }
      link.href = href;
      if (nonce) link.nonce = nonce;
      link.dataset.mapChunk = '';
      document.head.append(link);
    }
  };
  // After the first paint: a light page can fire its load event before the browser reports its
  // paint, so the load event is only for a browser without paint timing.
  if (
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes?.includes('paint')
  ) {
    new PerformanceObserver((_entries, observer) => {
      observer.disconnect();
      setTimeout(ask);
    }).observe({ type: 'paint', buffered: true });
  } else {
    addEventListener('load', ask);
  }
}

/**
 * The map's files, asked for after the first paint: `preload` on the page that shows the map,
 * `prefetch` on a page that leads to it.
 */
export async function MapChunkPreload({ rel }: { rel: 'preload' | 'prefetch' }) {
  const urls = await mapChunkUrls();
  if (urls.length === 0) return null;
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  const args = JSON.stringify([urls, rel]).replaceAll('<', '\\u003c').slice(1, -1);
  const call = `(${askAfterFirstPaint.toString()})(${args})`;
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: call }} />;
}
