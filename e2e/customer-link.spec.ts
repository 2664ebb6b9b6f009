import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, TestInfo } from '@playwright/test';
import {
  TILE_HEADERS,
  expect,
  isTouch,
  openSignedIn,
  quoteRecordedTrip,
  recordShares,
  resultCard,
  test,
} from './support/screen';

/**
 * The customer's side of a quote: the dispatcher quotes and shares it, and a phone that never
 * signed in opens the link the shared text carries and sees the trip and the total.
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

test('@touch quote → "Compartir" → the shared link, opened with no sign-in on another phone, shows the trip and the total', async ({
  page,
  browser,
}, testInfo) => {
  const shares = await recordShares(page);
  await openSignedIn(page);
  await quoteRecordedTrip(page);
  const share = resultCard(page).getByRole('button', { name: 'Compartir' });
  await (isTouch(testInfo) ? share.tap() : share.click());
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

    const shot = testInfo.outputPath(`customer-link-${testInfo.project.name}.png`);
    await phone.screenshot({ path: shot, fullPage: true });
    await testInfo.attach('customer link', { path: shot, contentType: 'image/png' });
  } finally {
    await context.close();
  }
});
