import { headers } from 'next/headers';
import { mapChunkUrls } from '@/lib/build/map-chunks';

/**
 * Runs in the page while its HTML is parsed. Once the browser has painted and the page's own
 * scripts and styles have arrived, it asks for the map's files (Leaflet and react-leaflet,
 * components/map/leaflet-map.tsx): on the quote screen as a low-priority preload, so that they
 * download while React hydrates the screen instead of after it, when the dynamic import would
 * first ask for them (that import then finds them in the cache); on the sign-in page as a
 * prefetch, for the screen that follows. After the first paint, so the map's code never delays
 * what the dispatcher sees first; after the page's scripts, because on a slow network the map's
 * 45 KB shared the bandwidth with them and delayed the hydration that Leaflet waits for anyway
 * (bench/: screen weight, time to first pin).
 */
function askAfterThePage(urls: readonly string[], rel: 'preload' | 'prefetch') {
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
  // The load event comes after all of the page's files (images too): the latest this asks, and
  // the only way for a browser without paint or resource timing.
  addEventListener('load', ask);
  if (
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes?.includes('paint') ||
    !PerformanceObserver.supportedEntryTypes.includes('resource')
  ) {
    return;
  }
  // The page's scripts and styles, all in the document's head by now (Next writes them there).
  const waiting = new Set(
    Array.from(
      document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>(
        'script[src], link[rel="stylesheet"], link[rel="preload"][as="script"], link[rel="preload"][as="style"]',
      ),
      (element) => (element instanceof HTMLScriptElement ? element.src : element.href),
    ),
  );
  let painted = false;
  const askOnceReady = () => {
    if (painted && waiting.size === 0) ask();
  };
  new PerformanceObserver((entries, observer) => {
    for (const entry of entries.getEntries()) waiting.delete(entry.name);
    if (waiting.size === 0) observer.disconnect();
    askOnceReady();
  }).observe({ type: 'resource', buffered: true });
  // A light page can fire its load event before the browser reports its paint.
  new PerformanceObserver((_entries, observer) => {
    observer.disconnect();
    painted = true;
    setTimeout(askOnceReady);
  }).observe({ type: 'paint', buffered: true });
}

/**
 * The map's files, asked for after the first paint and the page's own files: `preload` on the
 * page that shows the map, `prefetch` on a page that leads to it.
 */
export async function MapChunkPreload({ rel }: { rel: 'preload' | 'prefetch' }) {
  const urls = await mapChunkUrls();
  if (urls.length === 0) return null;
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  const args = JSON.stringify([urls, rel]).replaceAll('<', '\\u003c').slice(1, -1);
  const call = `(${askAfterThePage.toString()})(${args})`;
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: call }} />;
}
