import type { Page } from '@playwright/test';
import {
  RECORDED_TRIP,
  countQuotesSent,
  expect,
  field,
  fillPoint,
  keepForReview,
  openSignedIn,
  quoteRecordedTrip,
  test,
  WITH_SERVICE_WORKER,
} from './support/screen';

// With the app's service worker on every profile: the test reloads the screen and goes to
// Cotizaciones and back, pages the worker serves on a dispatcher's device.
test.use(WITH_SERVICE_WORKER);

/**
 * "Cliente (opcional)": the customer's name, company or phone typed on the quote screen, kept with
 * the draft, stored with the quote and found again in Cotizaciones by any word of it.
 */

// The field itself: once a Cotizar is refused, the summary under it has a link named after the field too.
const customerField = (page: Page) => page.getByRole('textbox', { name: 'Cliente (opcional)' });

test.describe('the customer text of a quote', () => {
  test('typed with the trip, it survives a reload, and Cotizaciones finds the quote by a word of it @touch', async ({
    page,
  }, testInfo) => {
    // A word of its own per run and device: the records of other tests share the database.
    const word = `Xochitl${testInfo.project.name}${Date.now().toString(36)}`;
    const customer = `Florería Doña ${word} 55 1234 5678`;
    await openSignedIn(page);
    await expect(customerField(page)).toHaveValue('');
    await expect(customerField(page)).not.toBeFocused();
    await customerField(page).fill(customer);
    // Kept in the draft on the device like the stops.
    await page.reload();
    await expect(customerField(page)).toHaveValue(customer);

    const answered = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/quote',
    );
    await quoteRecordedTrip(page);
    const reference = ((await (await answered).json()) as { record: { reference: string } }).record
      .reference;

    await page.getByRole('link', { name: 'Cotizaciones' }).click();
    await expect(page.getByRole('heading', { name: 'Cotizaciones' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Buscar', exact: true }).fill(word.toLowerCase());
    await page.getByRole('button', { name: 'Buscar' }).click();
    const rows = page.getByRole('list', { name: 'Cotizaciones' }).getByRole('link');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(reference);
    await expect(rows.first()).toContainText(customer);
    await keepForReview(page, testInfo, 'history-customer', { fullPage: true });

    await rows.first().click();
    await expect(page.getByRole('heading', { name: `Cotización ${reference}` })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: customer })).toBeVisible();

    // Quoted again for the same customer: the screen has the customer back with the stops.
    await page.getByRole('button', { name: 'Cotizar de nuevo' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(field(page, 'pickup', 'street')).toHaveValue('Varsovia');
    await expect(customerField(page)).toHaveValue(customer);
  });

  test('one character too many is refused beside the field, naming the limit, and nothing is sent', async ({
    page,
  }) => {
    await openSignedIn(page);
    const sent = countQuotesSent(page);
    const tooLong = `Lupita ${'x'.repeat(74)}`;
    expect(tooLong).toHaveLength(81);
    await customerField(page).fill(tooLong);
    await fillPoint(page, 'pickup', RECORDED_TRIP.pickup);
    await fillPoint(page, 'dropoff', RECORDED_TRIP.dropoff);
    await page.getByRole('button', { name: 'Cotizar' }).click();
    await expect(page.getByText('El cliente admite máximo 80 caracteres.')).toBeVisible();
    await expect(customerField(page)).toBeFocused();
    await expect(customerField(page)).toHaveValue(tooLong);
    expect(sent.count).toBe(0);

    await customerField(page).fill(tooLong.slice(0, 80));
    await page.getByRole('button', { name: 'Cotizar' }).click();
    await expect(page.getByText('El cliente admite máximo 80 caracteres.')).toHaveCount(0);
    await expect.poll(() => sent.count).toBe(1);
  });
});
