import {
  expect,
  openSignedIn,
  signIn,
  signInWithoutOpening,
  test,
  waitForMap,
  WITH_SERVICE_WORKER,
} from './support/screen';

test.use(WITH_SERVICE_WORKER);

const TILE_IN_PREVIEW = '[data-map-preview] img';

test('the map’s streets are on screen before any script has run', async ({ browser, context }) => {
  await signInWithoutOpening(context);
  const cookies = await context.cookies();
  // The same dispatcher, in a browser that runs no JavaScript at all.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  try {
    await noScript.route(
      (url) => url.hostname !== '127.0.0.1',
      (route) => route.fulfill({ status: 200, contentType: 'image/png', body: TILE_PNG }),
    );
    await noScript.addCookies(cookies);
    const bare = await noScript.newPage();
    await bare.goto('/');
    const tiles = bare.locator(TILE_IN_PREVIEW);
    await expect(tiles.first()).toBeVisible();
    expect(await tiles.count()).toBeGreaterThanOrEqual(4);
    // Painted images, not broken ones, and the middle of the map is covered.
    const loaded = await tiles.evaluateAll(
      (images) => images.filter((image) => (image as HTMLImageElement).naturalWidth > 0).length,
    );
    expect(loaded).toBeGreaterThanOrEqual(4);
    // The tile under the centre comes first, asked for at high priority.
    await expect(tiles.first()).toHaveAttribute('fetchpriority', 'high');
    await expect(tiles.first()).toHaveAttribute('loading', 'eager');
  } finally {
    await noScript.close();
  }
});

test('the map opens where the dispatcher left it, the server’s preview too', async ({ page }) => {
  await openSignedIn(page);
  const zoomBefore = await leafletZoom(page);
  await page.locator('a.leaflet-control-zoom-in').click();
  await expect.poll(() => leafletZoom(page)).toBe(zoomBefore + 1);
  await expect
    .poll(async () => (await page.context().cookies()).find((c) => c.name === 'dq_map_view')?.value)
    .toContain(encodeURIComponent(`"zoom":${zoomBefore + 1}`));

  const html = await (await page.request.get('/')).text();
  expect(html).toMatch(new RegExp(`/${zoomBefore + 1}/\\d+/\\d+\\.png`));
  await page.reload();
  await expect.poll(() => leafletZoom(page)).toBe(zoomBefore + 1);
});

test('the map’s code is asked for once the screen has painted, and the map runs on it', async ({
  browser,
  context,
}) => {
  await signInWithoutOpening(context);
  const cookies = await context.cookies();
  // The same dispatcher opening the app cold: an empty cache and no worker.
  const cold = await browser.newContext({ serviceWorkers: 'block' });
  try {
    await cold.route(
      (url) => url.hostname !== '127.0.0.1',
      (route) => route.fulfill({ status: 200, contentType: 'image/png', body: TILE_PNG }),
    );
    await cold.addCookies(cookies);
    const fresh = await cold.newPage();
    // A tablet on a mobile network (Lighthouse's slow 4G): the page's scripts take a while to
    // arrive, as in the field, where the map's files would otherwise wait for them.
    const cdp = await cold.newCDPSession(fresh);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await fresh.goto('/');
    await expect(fresh.locator('.leaflet-container')).toBeVisible();
    const seen = await fresh.evaluate(() => {
      const firstPaint = performance
        .getEntriesByType('paint')
        .find((entry) => entry.name === 'first-paint')!.startTime;
      return [...document.querySelectorAll<HTMLLinkElement>('link[data-map-chunk]')].map(
        (link) => ({
          href: link.href,
          as: link.as,
          path: new URL(link.href).pathname,
          // Every fetch of that file: once, by the preload, after the first paint.
          fetches: performance.getEntriesByName(link.href).map((entry) => ({
            afterPaint: entry.startTime >= firstPaint,
            by: (entry as PerformanceResourceTiming).initiatorType,
          })),
          // The map's own loader put the same file in the page.
          loaded:
            link.as === 'style'
              ? document.querySelector(
                  `link[rel="stylesheet"][href="${link.getAttribute('href')}"]`,
                ) !== null
              : document.querySelector(`script[src="${link.getAttribute('href')}"]`) !== null,
        }),
      );
    });
    expect(seen.map((chunk) => chunk.as).sort()).toEqual(
      expect.arrayContaining(['script', 'style']),
    );
    for (const chunk of seen) {
      expect(chunk.fetches, chunk.path).toEqual([{ afterPaint: true, by: 'link' }]);
      expect(chunk.loaded, chunk.path).toBe(true);
    }
    // Leaflet is among them (its attribution prefix is in its code, and nowhere else).
    const sources = await Promise.all(
      seen.map(async (chunk) => (await fresh.request.get(chunk.href)).text()),
    );
    expect(
      sources.some((source) => source.includes('A JavaScript library for interactive maps')),
    ).toBe(true);
  } finally {
    await cold.close();
  }
});

test('the sign-in page fetches the map’s code for the screen that follows, once it has painted', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in/);
  const prefetched = page.locator('link[rel="prefetch"][data-map-chunk]');
  await expect.poll(() => prefetched.count()).toBeGreaterThanOrEqual(2);
  // Each file once fetched (a prefetch runs at idle priority: its entry comes when it has arrived).
  const fetchesOf = () =>
    prefetched.evaluateAll((links) => {
      const firstPaint = performance
        .getEntriesByType('paint')
        .find((entry) => entry.name === 'first-paint')!.startTime;
      return links.map((link) => ({
        path: new URL((link as HTMLLinkElement).href).pathname,
        afterPaint: performance
          .getEntriesByName((link as HTMLLinkElement).href)
          .map((entry) => entry.startTime >= firstPaint),
      }));
    });
  await expect
    .poll(async () => (await fetchesOf()).every((chunk) => chunk.afterPaint.length > 0))
    .toBe(true);
  const fetches = await fetchesOf();
  for (const chunk of fetches) expect(chunk.afterPaint, chunk.path).toEqual([true]);

  await signIn(page);
  await waitForMap(page);
  // The screen's map was loaded from those very files.
  const scripts = fetches.filter((chunk) => chunk.path.endsWith('.js')).map((chunk) => chunk.path);
  expect(scripts.length).toBeGreaterThanOrEqual(1);
  for (const path of scripts) {
    await expect(page.locator(`script[src="${path}"]`), path).toHaveCount(1);
  }
});

/**
 * The zoom level Leaflet shows, read from its tiles' URLs: the deepest level present, since right
 * after a zoom-in Leaflet keeps the previous level's tiles under the new ones until they have
 * loaded (this test only zooms in).
 */
async function leafletZoom(page: import('@playwright/test').Page): Promise<number> {
  const sources = await page
    .locator('img.leaflet-tile')
    .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src));
  const levels = sources.map((src) => Number(/\/(\d+)\/\d+\/\d+\.png/.exec(src)?.[1]));
  return levels.length ? Math.max(...levels) : Number.NaN;
}

/** A 1×1 PNG: enough for an image to count as loaded. */
const TILE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
