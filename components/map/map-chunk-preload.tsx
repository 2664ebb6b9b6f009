import { headers } from 'next/headers';
import { mapChunkUrls } from '@/lib/build/map-chunks';

/**
 * Runs in the page while its HTML is parsed. Once the browser has painted, it asks for the map's
 * files (Leaflet and react-leaflet, components/map/leaflet-map.tsx) at low priority: they then
 * download while React hydrates the screen, instead of after it, when the dynamic import would
 * first ask for them; that import finds them in the cache. After the first paint, so the map's
 * code never delays what the dispatcher sees first (bench/: screen weight, time to first pin).
 */
function preloadAfterFirstPaint(urls: readonly string[]) {
  const nonce = document.currentScript instanceof HTMLScriptElement && document.currentScript.nonce;
  let asked = false;
  const ask = () => {
    if (asked) return;
    asked = true;
    for (const href of urls) {
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = href.endsWith('.css') ? 'style' : 'script';
      link.href = href;
      link.fetchPriority = 'low';
      if (nonce) link.nonce = nonce;
      link.dataset.mapChunk = '';
      document.head.append(link);
    }
  };
  try {
    new PerformanceObserver((_entries, observer) => {
      observer.disconnect();
      setTimeout(ask);
    }).observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing in this browser: the page's load event below still asks.
  }
  addEventListener('load', ask);
}

/** The map's files, asked for after the first paint of a page opened cold (see above). */
export async function MapChunkPreload() {
  const urls = await mapChunkUrls();
  if (urls.length === 0) return null;
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  const call = `(${preloadAfterFirstPaint.toString()})(${JSON.stringify(urls).replaceAll('<', '\\u003c')})`;
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: call }} />;
}
