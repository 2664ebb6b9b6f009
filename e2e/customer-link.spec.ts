import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, TestInfo } from '@playwright/test';
import {
  TILE_HEADERS,
  WITH_SERVICE_WORKER,
  expect,
  keepForReview,
  openSignedIn,
  press,
  quoteRecordedTrip,
  recordShares,
  resultCard,
  test,
} from './support/screen';

test.use(WITH_SERVICE_WORKER);

/**
 * The customer's side of a quote: the dispatcher quotes and shares it, and a phone that never
 * signed in opens the link the shared text carries and sees the trip and the total.
 */

const TILE = readFileSync(join(__dirname, 'fixtures', 'tile.png'));

/**
 * The customer's page runs no code of the app's: what a phone downloads is Next's own runtime
 * (React, the router), brotli-compressed as the server sends it. With Next 16.4.6: 6 files,
 * 116.1 KB (458 KB decoded). Under the app's root layout it was 8 files, 120.6 KB (518 KB decoded),
 * and the app's service worker installed itself on the customer's phone.
 */
const SCRIPT_BUDGET_KB = 120;

/** Another person's browser on this test's device: no cookie, no storage, tiles answered locally. */
async function customerPhone(browser: Browser, testInfo: TestInfo) {
  const { viewport, hasTouch, isMobile, userAgent, deviceScaleFactor, baseURL } =
    testInfo.project.use;
  const context = await browser.newContext({
    viewport,
    hasTouch,
    isMobile,
    userAgent,
    deviceScaleFactor,
    baseURL,
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
  });
  const tiles: string[] = [];
  await context.route(
    (url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost',
    (route) => {
      if (!/\.png(\?|$)/.test(route.request().url())) return route.abort('blockedbyclient');
      tiles.push(route.request().url());
      return route.fulfill({
        status: 200,
        contentType: 'image/png',
        headers: TILE_HEADERS,
        body: TILE,
      });
    },
  );
  return { context, tiles };
}

/** The script a page loaded: how many files, their bytes as sent (compressed) and as run. */
function countScripts(context: BrowserContext) {
  const sizes: Array<Promise<{ sent: number; decoded: number }>> = [];
  context.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    sizes.push(
      (async () => ({
        sent: Math.max(0, (await request.sizes()).responseBodySize),
        decoded: (await (await request.response())!.body()).length,
      }))(),
    );
  });
  return async () => {
    const all = await Promise.all(sizes);
    return {
      files: all.length,
      sentBytes: all.reduce((sum, size) => sum + size.sent, 0),
      decodedBytes: all.reduce((sum, size) => sum + size.decoded, 0),
    };
  };
}

test('@touch quote → "Compartir" → the shared link, opened with no sign-in on another phone, shows the trip and the total', async ({
  page,
  browser,
}, testInfo) => {
  const shares = await recordShares(page);
  await openSignedIn(page);
  await quoteRecordedTrip(page);
  const share = resultCard(page).getByRole('button', { name: 'Compartir' });
  await press(share, testInfo);
  await expect.poll(async () => (await shares()).length).toBe(1);
  // The link is the text's last line, as the customer's chat receives it.
  const link = (await shares())[0]!.split('\n').at(-1)!;
  expect(link).toMatch(new RegExp(`^${new URL(page.url()).origin}/c/[A-Za-z0-9_-]{22}$`));
  const reference = (await resultCard(page).getByTestId('quote-reference').textContent())!
    .replace(/^Referencia /, '')
    .trim();
  expect(reference).toMatch(/^DQ-[A-Z0-9]{6}$/);

  const { context, tiles } = await customerPhone(browser, testInfo);
  try {
    const phone = await context.newPage();
    const response = await phone.goto(link);
    expect(response?.status()).toBe(200);
    expect(await context.cookies()).toEqual([]);

    await expect(
      phone.getByRole('heading', { level: 1, name: `Cotización ${reference}` }),
    ).toBeVisible();
    await expect(phone.locator('[data-total]')).toHaveText('$35.00');
    await expect(phone.getByText('28 min', { exact: true })).toBeVisible();
    await expect(phone.getByText('Bicicleta', { exact: true })).toBeVisible();
    await expect(phone.locator('[data-validity="valid"]')).toHaveText(/^Válida hasta \d{1,2}:\d\d/);
    await expect(phone.locator('[data-stop="A"]')).toContainText('Varsovia 36');
    await expect(phone.locator('[data-stop="A"]')).toContainText('Juárez');
    await expect(phone.locator('[data-stop="B"]')).toContainText('Sonora 180 int. 1');
    await expect(phone.locator('[data-stop="B"]')).toContainText('Hipódromo');
    // The small map: its tiles came with the HTML, each stop's pin lies on it.
    const map = phone.locator('[data-stops-map]');
    await expect(map).toBeVisible();
    expect(tiles.length).toBeGreaterThan(0);
    for (const letter of ['A', 'B'])
      await expect(map.locator(`[data-pin="${letter}"]`)).toBeInViewport();
    // Nothing of the dispatcher's.
    await expect(phone.locator('body')).not.toContainText('dispatcher@example.com');

    await keepForReview(phone, testInfo, `customer-link-${testInfo.project.name}`, {
      fullPage: true,
    });
  } finally {
    await context.close();
  }
});

test(`the customer’s page loads at most ${SCRIPT_BUDGET_KB} KB of script: Next’s runtime, none of the app’s`, async ({
  page,
  browser,
}, testInfo) => {
  await openSignedIn(page);
  const answered = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/quote' && response.request().method() === 'POST',
  );
  await quoteRecordedTrip(page);
  const { record } = (await (await answered).json()) as { record: { customerUrl: string } };

  const { context } = await customerPhone(browser, testInfo);
  try {
    const scripts = countScripts(context);
    const phone = await context.newPage();
    await phone.goto(record.customerUrl, { waitUntil: 'load' });
    await expect(phone.locator('[data-total]')).toHaveText('$35.00');
    await phone.waitForLoadState('networkidle');
    const loaded = {
      ...(await scripts()),
      // The page's own data for the router, written into the HTML (not counted in the budget).
      inlineBytes: await phone.evaluate(() =>
        [...document.querySelectorAll('script:not([src])')].reduce(
          (sum, script) => sum + (script.textContent ?? '').length,
          0,
        ),
      ),
    };
    testInfo.annotations.push({
      type: 'customer page script',
      description: JSON.stringify(loaded),
    });
    expect(loaded.sentBytes).toBeLessThanOrEqual(SCRIPT_BUDGET_KB * 1000);
    // The app's own client code stays out: none of the screen's message catalogs in the page, and
    // no service worker.
    expect(await phone.content()).not.toContain('Cotizaciones recientes');
    expect(
      await phone.evaluate(
        async () => (await navigator.serviceWorker?.getRegistrations())?.length ?? 0,
      ),
    ).toBe(0);
  } finally {
    await context.close();
  }
});
