import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, TestInfo } from '@playwright/test';
import { TILE_HEADERS, expect, openSignedIn, quoteRecordedTrip, test } from './support/screen';

/**
 * The customer's side of a quote: the dispatcher quotes, the answer carries the customer's link,
 * and a phone that never signed in opens it and sees the trip and the total.
 */

const TILE = readFileSync(join(__dirname, 'fixtures', 'tile.png'));

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

test('@touch the customer opens the quote’s link with no sign-in and sees the trip and the total', async ({
  page,
  browser,
}, testInfo) => {
  await openSignedIn(page);
  const answered = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/quote' && response.request().method() === 'POST',
  );
  await quoteRecordedTrip(page);
  const { record } = (await (await answered).json()) as {
    record?: { reference: string; customerUrl: string };
  };
  expect(record?.customerUrl).toMatch(/^\/c\/[A-Za-z0-9_-]{22}$/);

  const { context, tiles } = await customerPhone(browser, testInfo);
  try {
    const phone = await context.newPage();
    const response = await phone.goto(record!.customerUrl);
    expect(response?.status()).toBe(200);
    expect(await context.cookies()).toEqual([]);

    await expect(
      phone.getByRole('heading', { level: 1, name: `Cotización ${record!.reference}` }),
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

    const shot = testInfo.outputPath(`customer-link-${testInfo.project.name}.png`);
    await phone.screenshot({ path: shot, fullPage: true });
    await testInfo.attach('customer link', { path: shot, contentType: 'image/png' });
  } finally {
    await context.close();
  }
});
