import { expect, openSignedIn, test } from './support/screen';

const TILE_IN_PREVIEW = '[data-map-preview] img';

test('the map’s streets are on screen before any script has run', async ({ browser, page }) => {
  await openSignedIn(page);
  const cookies = await page.context().cookies();
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
