// Figure 4: what the signed-in quote screen downloads. Chromium signs in, opens /, waits for the
// map, presses a key (the dispatcher's first touch), and sums the compressed bytes of every script
// response (Playwright's responseBodySize is the body as transferred); it also checks when Leaflet's
// chunk was requested against first paint.
//
// The app's service worker runs as it does for dispatchers (it registers once the page has loaded):
// its own script and what it downloads to precache the build are reported apart, not counted in
// the screen's figure. Then a second, warm visit (a new window, as the next open of the app) says
// how much script it still transfers.
//
// Two budgets (issue 19). The screen's own script: what it downloads to be drawn and take taps,
// before the first touch, without the map's code, which has to come after first paint. And
// everything the screen ever loads: that, the map, and what the first touch fetches (the form's
// schema, the result's figures), each script at its compressed size as the server sends it to a
// browser (brotli, lib/http/static-brotli.mjs), even when the page took it from the worker's
// precache — the worker downloaded it just the same.
import { get } from 'node:http';
import { brotliCompressSync, constants } from 'node:zlib';
import { launchChromium } from '../lib/browser.mjs';
import { DISPATCHER } from '../lib/trip.mjs';
import { round } from '../lib/stats.mjs';

export const BUDGET = { scriptKb: 180, everythingKb: 230 };
const KB = 1000;
/** Leaflet's own attribution prefix: in its chunk, and nowhere else. */
const LEAFLET_MARK = 'A JavaScript library for interactive maps';
/** Strings each library keeps through minification: enough to say what a chunk mostly holds. */
const LIBRARY_MARKS = [
  ['leaflet', LEAFLET_MARK],
  ['react-leaflet', 'useLeafletContext()'],
  ['react-dom', 'hydrateRoot'],
  ['next router', 'next-router'],
  ['zod', '_zod'],
  ['use-intl', 'IntlMessageFormat'],
  ['react-hook-form', 'HookFormContext'],
  ['@tanstack/react-query', 'QueryClient'],
];

/** Whether the HTML has a `<script src>` or `<link href>` (any attribute order) for `path`. */
export function tagsReferring(html, path) {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`<(?:script|link)\\b[^>]*\\s(?:src|href)="${escaped}(?:\\?[^"]*)?"`, 'i').test(
    html,
  );
}

/** What a browser sends: the server answers it with brotli where it can (lib/http/static-brotli.mjs). */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/**
 * The bytes of a response as sent to a browser, compressed as the server chose (the worker
 * script's weight, and that of a script the page took from the worker's precache, which the
 * worker downloaded once just the same).
 */
function servedBytes(url) {
  return new Promise((resolve, reject) => {
    // A connection of its own (no keep-alive agent): a socket reused just as the server closes it
    // for idleness hangs up (ECONNRESET), which a loaded CI machine met once.
    const options = { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING }, agent: false };
    get(url, options, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => (bytes += chunk.length));
      response.on('end', () =>
        resolve({ bytes, encoding: response.headers['content-encoding'] ?? 'identity' }),
      );
      response.on('error', reject);
    }).on('error', reject);
  });
}

const isWorkerScript = (url) => new URL(url).pathname === '/sw.js';

/**
 * `promise`, awaited later by a `Promise.all`: its failure is the figure's, thrown there, not an
 * unhandled rejection that ends the whole bench before then.
 */
function awaitedLater(promise) {
  promise.catch(() => {});
  return promise;
}

/** Scripts of one visit of the screen as a page saw them: count, bytes transferred, from the worker. */
async function scriptsOfVisit(page, url) {
  const seen = [];
  const listener = (request) => {
    if (request.resourceType() !== 'script' || isWorkerScript(request.url())) return;
    seen.push(
      awaitedLater(
        (async () => {
          const response = await request.response();
          const sizes = await request.sizes();
          const fromWorker = Boolean(response?.fromServiceWorker());
          return { bytes: fromWorker ? 0 : Math.max(0, sizes.responseBodySize), fromWorker };
        })(),
      ),
    );
  };
  page.on('requestfinished', listener);
  await page.goto(url, { waitUntil: 'load' });
  await page.locator('.leaflet-container').first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  page.off('requestfinished', listener);
  const scripts = await Promise.all(seen);
  return {
    scripts: scripts.length,
    fromWorker: scripts.filter((script) => script.fromWorker).length,
    transferredBytes: scripts.reduce((sum, script) => sum + script.bytes, 0),
  };
}

export async function measureScreenWeight(server) {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({
      viewport: { width: 800, height: 1280 },
      locale: 'es-MX',
      serviceWorkers: 'allow',
    });
    // What the service worker downloads itself (the build's files it precaches at install).
    const workerDownloads = [];
    context.on('requestfinished', (request) => {
      if (!request.serviceWorker() || isWorkerScript(request.url())) return;
      const url = new URL(request.url());
      const kind =
        url.origin !== server.origin
          ? 'tiles'
          : url.pathname.startsWith('/_next/static/')
            ? 'build'
            : url.pathname === '/'
              ? 'screen'
              : 'other';
      workerDownloads.push(
        request.sizes().then(
          (sizes) => ({ kind, bytes: Math.max(0, sizes.responseBodySize) }),
          () => ({ kind, bytes: 0 }),
        ),
      );
    });
    const signIn = await context.request.post(`${server.origin}/api/session`, {
      headers: { origin: server.origin },
      data: DISPATCHER,
    });
    if (signIn.status() !== 200) throw new Error(`sign-in failed: HTTP ${signIn.status()}`);

    const page = await context.newPage();
    const scripts = [];
    const pending = [];
    /** Which part of the visit each script was asked for in. */
    let phase = 'screen';
    const phaseOf = new Map();
    page.on('request', (request) => phaseOf.set(request, phase));
    let measuring = true;
    page.on('requestfinished', (request) => {
      if (!measuring) return;
      if (request.resourceType() !== 'script' || isWorkerScript(request.url())) return;
      const script = (async () => {
        const response = await request.response();
        const sizes = await request.sizes();
        const body = await response.body();
        // A script the worker answered from its precache crossed no network here (Playwright
        // gives no size for it): what the worker downloaded is counted apart.
        const fromWorker = response.fromServiceWorker();
        // Asked again of the server as a browser asks: the page may have had it from the worker
        // or from the HTTP cache the worker's precache filled, with no size to read.
        const served = await servedBytes(request.url());
        scripts.push({
          url: request.url(),
          fromWorker,
          encoding: served.encoding,
          transferredBytes: fromWorker ? 0 : Math.max(0, sizes.responseBodySize),
          // Counted wherever the page took it from: the worker downloaded it just the same.
          servedBytes: served.bytes,
          headerBytes: sizes.responseHeadersSize,
          decodedBytes: body.length,
          // What a front proxy serving pre-compressed brotli would send instead (context only).
          brotliBytes: brotliCompressSync(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
          }).length,
          leaflet: body.includes(LEAFLET_MARK),
          phase: phaseOf.get(request) ?? 'screen',
          holds: LIBRARY_MARKS.filter(([, mark]) => body.includes(mark)).map(([name]) => name),
        });
      })();
      pending.push(awaitedLater(script));
    });
    const navigation = await page.goto(`${server.origin}/`, { waitUntil: 'load' });
    const html = await navigation.text();
    if (new URL(page.url()).pathname !== '/') {
      throw new Error(`the signed-in screen redirected to ${page.url()}`);
    }
    await page.locator('.leaflet-container').first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    phase = 'first touch';
    // The dispatcher's first key press: the screen then fetches what the first quote needs (the
    // form's schema, the result's figures). Counted too: the budget is the whole screen's.
    await page.keyboard.press('Tab');
    await page.waitForLoadState('networkidle');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    measuring = false;

    const timing = await page.evaluate(() => ({
      paints: performance
        .getEntriesByType('paint')
        .map(({ name, startTime }) => ({ name, startTime })),
      resources: performance
        .getEntriesByType('resource')
        .map(({ name, startTime, responseEnd }) => ({ name, startTime, responseEnd })),
    }));
    const firstPaint =
      timing.paints.find((p) => p.name === 'first-paint')?.startTime ??
      timing.paints.find((p) => p.name === 'first-contentful-paint')?.startTime;
    const leafletChunks = scripts.filter((s) => s.leaflet);
    const leafletTimes = leafletChunks.map((chunk) =>
      timing.resources.find((r) => r.name === chunk.url),
    );
    const leafletRequestedAt = Math.min(...leafletTimes.map((t) => t?.startTime ?? Number.NaN));
    // Leaflet as a script or a link of the HTML would be asked for before the first paint; its
    // path in the inline script that asks for it once the page has painted does not count.
    const leafletInHtml = leafletChunks.some((chunk) =>
      tagsReferring(html, new URL(chunk.url).pathname),
    );
    const leafletAfterPaint =
      leafletChunks.length > 0 &&
      !leafletInHtml &&
      firstPaint !== undefined &&
      leafletRequestedAt >= firstPaint;

    // The worker: its script (compressed as served), what it downloaded to precache the build
    // once it was there, and a second visit in a new window once it looks after the app.
    const workerScript = await servedBytes(`${server.origin}/sw.js`);
    await page.waitForFunction(
      async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return Boolean(registration?.active && navigator.serviceWorker.controller);
      },
      undefined,
      { timeout: 30_000, polling: 250 },
    );
    await page.waitForLoadState('networkidle');
    const downloads = await Promise.all(workerDownloads);
    const workerKb = (kind) =>
      round(downloads.filter((d) => d.kind === kind).reduce((sum, d) => sum + d.bytes, 0) / KB, 1);
    // Files the page had loaded already come out of the HTTP cache: only the others cross the network.
    const workerCount = (kind) => downloads.filter((d) => d.kind === kind && d.bytes > 0).length;
    await page.close();
    const warmPage = await context.newPage();
    const warm = await scriptsOfVisit(warmPage, `${server.origin}/`);

    const total = scripts.reduce((sum, s) => sum + s.transferredBytes, 0);
    // Everything the screen ever loads: the screen, the map and the first touch, each script at
    // its compressed size as the server sends it, whether the page or the worker downloaded it.
    const everything = scripts.reduce((sum, s) => sum + s.servedBytes, 0);
    const decoded = scripts.reduce((sum, s) => sum + s.decodedBytes, 0);
    const brotli = scripts.reduce((sum, s) => sum + s.brotliBytes, 0);
    const leafletBytes = leafletChunks.reduce((sum, s) => sum + s.transferredBytes, 0);
    const servedOf = (list) => list.reduce((sum, s) => sum + s.servedBytes, 0);
    const screenScripts = scripts.filter((s) => !s.leaflet && s.phase === 'screen');
    const touchScripts = scripts.filter((s) => !s.leaflet && s.phase === 'first touch');
    const screen = servedOf(screenScripts);
    const uncompressed = scripts.filter((s) => s.encoding === 'identity' && s.decodedBytes > 1_000);
    const passed =
      screen <= BUDGET.scriptKb * KB && everything <= BUDGET.everythingKb * KB && leafletAfterPaint;
    return {
      id: 'screen-weight',
      title: 'quote screen weight',
      budget: `≤ ${BUDGET.scriptKb} KB of compressed JavaScript for the screen, ≤ ${BUDGET.everythingKb} KB with the map and the first touch; the map's code (Leaflet) after first paint`,
      result:
        `screen ${round(screen / KB, 1)} KB in ${screenScripts.length} scripts; ` +
        (leafletChunks.length === 0
          ? 'Leaflet chunk not found'
          : `map ${round(leafletBytes / KB, 1)} KB requested at ${Math.round(leafletRequestedAt)} ms, after first paint at ${Math.round(firstPaint ?? Number.NaN)} ms`) +
        `; first touch ${round(servedOf(touchScripts) / KB, 1)} KB (${touchScripts.filter((s) => s.fromWorker).length} of ${touchScripts.length} scripts from the worker); everything ${round(everything / KB, 1)} KB (${round(total / KB, 1)} KB of it through the page's network)` +
        `; apart: worker script ${round(workerScript.bytes / KB, 1)} KB (${workerScript.encoding}), its own downloads: build files ${workerKb('build')} KB (${workerCount('build')} files the page had not loaded), the screen's copy ${workerKb('screen')} KB, tiles ${workerKb('tiles')} KB (${workerCount('tiles')} not in the HTTP cache)` +
        `; warm visit ${round(warm.transferredBytes / KB, 1)} KB of script transferred (${warm.fromWorker} of ${warm.scripts} scripts from the worker)`,
      passed,
      figures: {
        screenKb: round(screen / KB, 1),
        firstTouchKb: round(servedOf(touchScripts) / KB, 1),
        everythingKb: round(everything / KB, 1),
        scriptTransferredKb: round(total / KB, 1),
        scriptDecodedKb: round(decoded / KB, 1),
        scriptBrotliKb: round(brotli / KB, 1),
        scripts: scripts.length,
        leafletKb: round(leafletBytes / KB, 1),
        beforeLeafletKb: round((total - leafletBytes) / KB, 1),
        firstPaintMs: round(firstPaint ?? Number.NaN, 0),
        leafletRequestedMs: round(leafletRequestedAt, 0),
        leafletInInitialHtml: leafletInHtml,
        leafletAfterFirstPaint: leafletAfterPaint,
        uncompressedScripts: uncompressed.map((s) => new URL(s.url).pathname),
        workerScriptKb: round(workerScript.bytes / KB, 1),
        workerScriptEncoding: workerScript.encoding,
        workerBuildDownloadKb: workerKb('build'),
        workerBuildDownloads: workerCount('build'),
        workerScreenCopyKb: workerKb('screen'),
        workerTileDownloadKb: workerKb('tiles'),
        workerTileDownloads: workerCount('tiles'),
        firstTouchScriptsFromWorker: touchScripts.filter((s) => s.fromWorker).length,
        warmVisitScriptKb: round(warm.transferredBytes / KB, 1),
        warmVisitScripts: warm.scripts,
        warmVisitScriptsFromWorker: warm.fromWorker,
      },
      chunks: scripts
        .map((s) => ({
          path: new URL(s.url).pathname,
          kb: round(s.servedBytes / KB, 1),
          fromWorker: s.fromWorker,
          decodedKb: round(s.decodedBytes / KB, 1),
          encoding: s.encoding,
          holds: s.holds.join(', ') || 'app code / other',
          phase: s.leaflet ? 'map' : s.phase,
          ...(s.leaflet ? { leaflet: true } : {}),
        }))
        .sort((a, b) => b.kb - a.kb),
    };
  } finally {
    await browser.close();
  }
}
