import type { Page } from '@playwright/test';
import {
  expect,
  expectRecordedTripQuote,
  field,
  keepForReview,
  openSignedIn,
  quoteRecordedTrip,
  resultCard,
  test,
  WITH_SERVICE_WORKER,
} from './support/screen';
import { seriousViolations } from './support/axe';

// With the app's service worker on every profile: the tests go from the screen to Cotizaciones
// and back, pages the worker serves on a dispatcher's device.
test.use(WITH_SERVICE_WORKER);

/** Cotizaciones: the team's quotes, found again and quoted again on the screen. */

/** Passes axe, and nothing sticks out sideways (no horizontal scrolling on a tablet or phone). */
async function expectAccessibleAndFitting(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
}

/** Quotes the recorded trip on the screen; the reference its record was stored under. */
async function quoteAndReadReference(page: Page): Promise<string> {
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/quote',
  );
  await quoteRecordedTrip(page);
  const { record } = (await (await answered).json()) as { record: { reference: string } };
  expect(record.reference).toMatch(/^DQ-[2-9A-HJKMNP-TV-Z]{6}$/);
  return record.reference;
}

test.describe('the quote history', () => {
  test('quote → Cotizaciones → search the street → open → "Cotizar de nuevo" → the same quote @touch', async ({
    page,
  }, testInfo) => {
    await openSignedIn(page);
    const reference = await quoteAndReadReference(page);

    // An empty screen, so that what "Cotizar de nuevo" brings back is the record's.
    await page.getByRole('button', { name: 'Limpiar' }).click();
    await expect(field(page, 'pickup', 'street')).toHaveValue('');

    await page.getByRole('link', { name: 'Cotizaciones' }).click();
    await expect(page.getByRole('heading', { name: 'Cotizaciones' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('sonora 180');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(page).toHaveURL(/\/quotes\?search=sonora\+180/);
    const row = page.getByRole('link', { name: new RegExp(reference) });
    await expect(row).toContainText('Varsovia 36, Juárez → Sonora 180, Hipódromo');
    await expect(row).toContainText('$35.00');
    await expect(row).toContainText('vigente');
    await expectAccessibleAndFitting(page);
    await keepForReview(page, testInfo, 'history-list', { fullPage: true });

    await row.click();
    await expect(page.getByRole('heading', { name: `Cotización ${reference}` })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Paradas' })).toContainText('Sonora 180');
    await expectAccessibleAndFitting(page);
    await keepForReview(page, testInfo, 'history-record', { fullPage: true });

    await page.getByRole('button', { name: 'Cotizar de nuevo' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectRecordedTripQuote(resultCard(page));
    await expect(field(page, 'pickup', 'street')).toHaveValue('Varsovia');
    await expect(field(page, 'dropoff', 'street')).toHaveValue('Sonora');
    await keepForReview(page, testInfo, 'quoted-again');
  });

  test('"Compartir enlace" without a share sheet copies the reference, the total and the customer link, and says so', async ({
    page,
    context,
  }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', { configurable: true, value: undefined });
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openSignedIn(page);
    const reference = await quoteAndReadReference(page);
    await page.goto(`/quotes/${reference}`);
    await page.getByRole('button', { name: 'Compartir enlace' }).click();
    await expect(page.getByText('Enlace copiado.')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const origin = new URL(page.url()).origin.replaceAll('.', '\\.');
    expect(copied).toMatch(
      new RegExp(`^Cotización ${reference}: \\$35\\.00\\. ${origin}/c/[A-Za-z0-9_-]{22}$`),
    );
  });

  test('"Revocar enlace" ends the customer link, and the record says so', async ({ page }) => {
    await openSignedIn(page);
    const reference = await quoteAndReadReference(page);
    await page.goto(`/quotes/${reference}`);
    await page.getByRole('button', { name: 'Revocar enlace' }).click();
    await expect(page.getByText('Enlace revocado')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Compartir enlace' })).toBeDisabled();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Revocar enlace' })).toBeDisabled();
    await expect(page.getByText('Enlace revocado')).toBeVisible();
  });

  test('Cotizaciones is fetched ahead only when the dispatcher reaches for it, not with the screen’s start', async ({
    page,
  }) => {
    const prefetches: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/quotes') prefetches.push(request.url());
    });
    // The screen's start is over when the coverage zones are fetched (components/ui/after-start.ts).
    const started = page.waitForResponse((response) => response.url().endsWith('/api/coverage'));
    await openSignedIn(page);
    await started;
    expect(prefetches).toEqual([]);

    const link = page.getByRole('link', { name: 'Cotizaciones' });
    const fetchedAhead = page.waitForRequest(
      (request) => new URL(request.url()).pathname === '/quotes',
    );
    await link.hover();
    await fetchedAhead;
    await link.click();
    await expect(page).toHaveURL(/\/quotes$/);
  });
});
