import type { Page } from '@playwright/test';
import {
  RECORDED_TRIP,
  expect,
  expectRecordedTripQuote,
  field,
  fillPoint,
  nextFrames,
  openSignedIn,
  pin,
  quoteRecordedTrip,
  requestsReported,
  resultCard,
  test,
  tilesKept,
  waitForMap,
  WITH_SERVICE_WORKER,
} from './support/screen';
import { TILE_HOST } from './support/tile-server';

test.use(WITH_SERVICE_WORKER);

/**
 * The app's service worker (lib/offline/service-worker.ts), in a real browser. Chromium only, as
 * Playwright's service workers are. Three things keep these tests honest about what the worker
 * serves:
 * - The browser's own HTTP cache is off in this file (a route on the context turns it off, as
 *   Playwright documents): with it, a tile or a five-minute `/api/coverage` could be drawn offline
 *   from the browser's cache even if the worker kept nothing.
 * - The stand-in tile server is taken down with the network (`tileServer.reachable = false`): any
 *   tile drawn then came from the worker's cache, and the tile server's log shows it was not asked.
 * - The page's own timing says whether the screen came from the worker's copy.
 */
test.beforeEach(async ({ context }) => {
  await context.route(`http://${TILE_HOST}/**`, (route) => route.fallback());
});

/** The worker looks after this window and keeps a copy of the screen for this session. */
async function offlineReady(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          if (!navigator.serviceWorker.controller) return false;
          for (const name of await caches.keys()) {
            if (name.startsWith('dq-screen-') && (await (await caches.open(name)).match('/'))) {
              return true;
            }
          }
          return false;
        }),
      { timeout: 30_000 },
    )
    .toBe(true);
}

/** Whether the page on screen was opened from the worker's copy (it says so in its timing). */
const openedFromCopy = (page: Page) =>
  page.evaluate(() =>
    (
      performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
    ).serverTiming.some((entry) => entry.name === 'dq-kept-copy'),
  );

/** What every cache of the origin holds, by cache name (same-origin paths or full URLs). */
const cacheContents = (page: Page) =>
  page.evaluate(async () => {
    const contents: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const requests = await (await caches.open(name)).keys();
      contents[name] = requests.map((request) => request.url.replace(location.origin, ''));
    }
    return contents;
  });

const DRAWN_TILES = 'img.leaflet-tile-loaded';

test.describe('the screen opens without a network', () => {
  test('after one visit, a reload offline opens the screen with the draft, the recent quotes and the tiles seen, says offline, and never reloads when the network is back @layout', async ({
    page,
    context,
    tileServer,
  }) => {
    // One visit with a network: a quote (now a recent quote), then a draft left half-changed.
    await openSignedIn(page);
    await quoteRecordedTrip(page);
    await field(page, 'dropoff', 'interiorNumber').fill('4');
    await offlineReady(page);
    await tilesKept(page);
    const askedOnline = tileServer.served.length;

    // No network at all: not the app, not the tile server.
    tileServer.reachable = false;
    await context.setOffline(true);
    await page.reload();

    await expect(page.getByRole('button', { name: 'Cotizar' })).toBeVisible();
    expect(await openedFromCopy(page)).toBe(true);
    await expect(page.getByTestId('offline-notice')).toBeVisible();
    await expect(page.getByTestId('offline-notice')).toContainText('Sin conexión');
    await expect(page.getByText('Sesión de Dana Ruiz')).toBeVisible();
    // The draft, as it was left.
    await expect(field(page, 'pickup', 'street')).toHaveValue('Varsovia');
    await expect(field(page, 'dropoff', 'street')).toHaveValue('Sonora');
    await expect(field(page, 'dropoff', 'interiorNumber')).toHaveValue('4');
    await expect(pin(page, 'A')).toBeVisible();
    await expect(pin(page, 'B')).toBeVisible();
    // The recent quote.
    await expect(page.getByText(/^Cotizaciones recientes \(1\)$/)).toBeVisible();
    // The map, from the tiles kept: drawn for real, and the tile server was not asked for them.
    await expect(page.locator(DRAWN_TILES).first()).toBeVisible();
    const drawn = await page.locator(DRAWN_TILES).evaluateAll((images) =>
      images.map((image) => ({
        src: (image as HTMLImageElement).src,
        painted: (image as HTMLImageElement).naturalWidth > 0,
      })),
    );
    expect(drawn.length).toBeGreaterThan(0);
    // Every tile drawn is painted, though the tile server is down and was asked for none of them.
    for (const tile of drawn) expect(tile.painted, tile.src).toBe(true);
    expect(tileServer.served.length).toBe(askedOnline);
    await expect(page.getByText('El mapa base no cargó')).toBeHidden();

    // The network comes back: the page is not reloaded (the form keeps what is typed in it), and
    // the screen notices by itself.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await field(page, 'pickup', 'interiorNumber').fill('B');
    tileServer.reachable = true;
    await context.setOffline(false);
    await expect(page.getByTestId('offline-notice')).toBeHidden({ timeout: 15_000 });
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    await expect(field(page, 'pickup', 'interiorNumber')).toHaveValue('B');
    // Once more with the browser's own online and offline events (Playwright's offline mode does
    // not reach a page loaded while offline, so the first return above raised none).
    await page.evaluate(() => {
      const seen: string[] = [];
      for (const type of ['online', 'offline'])
        window.addEventListener(type, () => seen.push(type));
      Object.assign(window, { networkEvents: seen });
    });
    await context.setOffline(true);
    await expect(page.getByTestId('offline-notice')).toBeVisible();
    await field(page, 'pickup', 'interiorNumber').fill('C');
    await context.setOffline(false);
    await expect(page.getByTestId('offline-notice')).toBeHidden({ timeout: 15_000 });
    expect(
      await page.evaluate(() => (window as unknown as { networkEvents: string[] }).networkEvents),
    ).toEqual(['offline', 'online']);
    // What the return set off has run: painted, and its requests sent (a reload would be one).
    await nextFrames(page);
    await requestsReported(page);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    await expect(field(page, 'pickup', 'interiorNumber')).toHaveValue('C');
    await page.getByRole('button', { name: 'Cotizar' }).click();
    await expectRecordedTripQuote(resultCard(page));
  });

  test('the copy of the screen is never opened for another session, after sign-out, or once the session has ended', async ({
    page,
    context,
    tileServer,
    baseURL,
  }) => {
    const offlineOpen = async () => {
      tileServer.reachable = false;
      await context.setOffline(true);
      await page.goto('/').catch(() => undefined);
    };
    const online = async () => {
      tileServer.reachable = true;
      await context.setOffline(false);
    };
    const sawOfflinePage = async () => {
      await expect(page.locator('[data-offline-page]')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Sin conexión' })).toBeVisible();
      await expect(page.getByText('Dana Ruiz')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Cotizar' })).toHaveCount(0);
    };

    await openSignedIn(page);
    await fillPoint(page, 'pickup', RECORDED_TRIP.pickup);
    await offlineReady(page);
    // The tiles on screen are kept before the network goes: the copy opened below draws them.
    await tilesKept(page);

    // Another session's browser state (another dispatcher signed in since): not theirs to open.
    const mine = (await context.cookies()).find((cookie) => cookie.name === 'dq_shell')!;
    await context.addCookies([{ name: 'dq_shell', value: 'another-session', url: baseURL! }]);
    await offlineOpen();
    await sawOfflinePage();
    await online();

    // The session's lifetime is over (its cookies have expired): nothing to open.
    await context.clearCookies({ name: 'dq_shell' });
    await offlineOpen();
    await sawOfflinePage();
    await online();

    // Back as it was, the copy opens; then sign-out, even with no network, leaves nothing.
    await context.addCookies([mine]);
    await offlineOpen();
    await expect(page.getByRole('button', { name: 'Cotizar' })).toBeVisible();
    expect(await openedFromCopy(page)).toBe(true);
    await waitForMap(page);
    await page.getByRole('button', { name: 'Salir' }).click();
    await expect(page).toHaveURL(/\/sign-in/);
    await page.goto('/').catch(() => undefined);
    await sawOfflinePage();
    const screensKept = Object.entries(await cacheContents(page)).filter(
      ([name, urls]) => name.startsWith('dq-screen-') && urls.length > 0,
    );
    expect(screensKept).toEqual([]);
  });
});

test.describe('the service worker', () => {
  test('nothing under /api or /courier is answered by it or kept in its caches', async ({
    page,
    context,
  }) => {
    const answered: { url: string; fromWorker: boolean }[] = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (/^\/(api|courier)(\/|$)/.test(pathname)) {
        answered.push({ url: pathname, fromWorker: response.fromServiceWorker() });
      }
    });
    await openSignedIn(page);
    await offlineReady(page);
    // Sessions, quotes, lookups and the courier, with the worker looking after the page.
    await quoteRecordedTrip(page);
    await page.evaluate(async () => {
      for (const url of ['/api/session', '/api/health', '/courier/openapi.json', '/api/coverage']) {
        await fetch(url);
      }
      // Asked outright to keep them, through the message pages use for tiles; the worker answers
      // on the channel once it has handled them.
      const worker = navigator.serviceWorker.controller!;
      const channel = new MessageChannel();
      const handled = new Promise((resolve) => (channel.port1.onmessage = resolve));
      worker.postMessage(
        {
          type: 'CACHE_URLS',
          payload: { urlsToCache: ['/api/session', '/api/coverage', '/courier/openapi.json'] },
        },
        [channel.port2],
      );
      await handled;
    });

    expect(answered.length).toBeGreaterThanOrEqual(5);
    expect(answered.filter((response) => response.fromWorker)).toEqual([]);
    const kept = Object.values(await cacheContents(page)).flat();
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.filter((url) => /^\/(api|courier)(\/|$|\?)/.test(url))).toEqual([]);

    // Without a network they fail, visibly: nothing answers them from a cache.
    await context.setOffline(true);
    const offline = await page.evaluate(async () =>
      Promise.all(
        ['/api/session', '/api/coverage', '/courier/openapi.json'].map((url) =>
          fetch(url).then(
            (response) => `answered ${response.status}`,
            () => 'failed',
          ),
        ),
      ),
    );
    expect(offline).toEqual(['failed', 'failed', 'failed']);
  });

  test('a new version of the worker waits for the next open: it never takes over an open screen', async ({
    page,
    context,
  }) => {
    await openSignedIn(page);
    await offlineReady(page);
    await fillPoint(page, 'pickup', RECORDED_TRIP.pickup);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    // A new version: the browser installs a worker whose script differs from the running one's.
    // (A deploy changes the script's bytes behind the same URL, and the browser finds it at its
    // next update check; Playwright's routes cannot rewrite that check, which the browser makes
    // itself, so the new version here is the same build under a new script URL — the very same
    // install-and-wait path, which is also how a changed NEXT_PUBLIC_TILE_URL rolls out.)
    const registration = () =>
      page.evaluate(async () => {
        const found = (await navigator.serviceWorker.getRegistration())!;
        return {
          waiting: found.waiting?.scriptURL.endsWith('&version=next') ?? false,
          controller: navigator.serviceWorker.controller?.scriptURL.endsWith('&version=next'),
        };
      });
    await page.evaluate(async () => {
      const current = navigator.serviceWorker.controller!.scriptURL;
      await navigator.serviceWorker.register(`${current}&version=next`, {
        scope: '/',
        updateViaCache: 'none',
      });
    });
    await expect.poll(registration, { timeout: 30_000 }).toEqual({
      waiting: true,
      controller: false,
    });

    // Asked to skip waiting (as Serwist's own SKIP_WAITING message would), it still waits; the
    // screen is the same page, with what was typed in it.
    // The worker handles its messages in order: its answer to a status question sent after
    // SKIP_WAITING means SKIP_WAITING has been handled; any change of state it set off is seen.
    const states = await page.evaluate(async () => {
      const waiting = (await navigator.serviceWorker.getRegistration())!.waiting!;
      const seen: string[] = [];
      waiting.addEventListener('statechange', () => seen.push(waiting.state));
      waiting.postMessage({ type: 'SKIP_WAITING' });
      const channel = new MessageChannel();
      const answered = new Promise((resolve) => (channel.port1.onmessage = resolve));
      waiting.postMessage({ type: 'DQ_SCREEN_STATUS' }, [channel.port2]);
      await answered;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return seen;
    });
    expect(states).toEqual([]);
    expect(await registration()).toEqual({ waiting: true, controller: false });
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    await expect(field(page, 'pickup', 'street')).toHaveValue('Varsovia');

    // The screen is closed: with no window of the app left, the new version takes over, and the
    // next open is its.
    await page.close();
    await expect
      .poll(
        async () => {
          const active: string[] = await Promise.all(
            context
              .serviceWorkers()
              .map((worker) =>
                worker
                  .evaluate(
                    () =>
                      (self as unknown as { registration: ServiceWorkerRegistration }).registration
                        .active?.scriptURL ?? '',
                  )
                  .catch(() => ''),
              ),
          );
          return active.some((url) => url.endsWith('&version=next'));
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    const next = await context.newPage();
    await next.goto('/');
    await waitForMap(next);
    expect(
      await next.evaluate(() =>
        navigator.serviceWorker.controller?.scriptURL.endsWith('&version=next'),
      ),
    ).toBe(true);
    await expect(field(next, 'pickup', 'street')).toHaveValue('Varsovia');
  });
});
