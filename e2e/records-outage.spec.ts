import { startPostgresServer, type PostgresServer } from '../test/support/postgres-server';
import { startAppProcess } from './support/app-process';
import {
  expect,
  expectRecordedTripQuote,
  field,
  openSignedIn,
  quoteRecordedTrip,
  resultCard,
  test as base,
  WITH_SERVICE_WORKER,
} from './support/screen';

/**
 * The quote records' database goes away while the dispatcher works (issue 27, "Retention and
 * failure"): the quotes keep coming, each says it was not saved, the device's own recent quotes
 * still show, and the references return with the database. A production server of this build keeps
 * its records on a PostgreSQL server of the test's own (test/support/postgres-server.ts), which
 * the test stops and starts; the API-level drill is test/instances/quote-records.test.ts.
 */
const test = base.extend<object, { records: { baseURL: string; postgres: PostgresServer } }>({
  records: [
    async ({}, provide) => {
      const postgres = await startPostgresServer();
      try {
        const app = await startAppProcess({
          env: { DATABASE_URL: await postgres.createDatabase() },
        });
        try {
          await provide({ baseURL: app.baseURL, postgres });
        } finally {
          await app.close();
        }
      } finally {
        await postgres.close();
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ records }, provide) => provide(records.baseURL),
});

// With the app's service worker on every profile: the test reloads the screen and opens it again,
// which the worker serves on a dispatcher's device.
test.use(WITH_SERVICE_WORKER);

const NOT_SAVED = 'No se guardó: esta cotización no tiene referencia ni enlace para el cliente.';

test('with the database down a quote still comes back, says "No se guardó", and the device’s recent quotes still show; back up, references again @touch', async ({
  page,
  records,
}) => {
  await openSignedIn(page);
  await quoteRecordedTrip(page);
  const card = resultCard(page);
  await expect(card.getByTestId('quote-reference')).toHaveText(/^Referencia DQ-[A-Z0-9]{6}$/);
  await expect(card.getByTestId('quote-not-saved')).toHaveCount(0);

  await records.postgres.stop();
  try {
    // Another address (the price goes by the pins), so that the device keeps a row of its own.
    await field(page, 'dropoff', 'exteriorNumber').fill('182');
    // A quote answered before the app meets the outage is journalled with its reference (and
    // stored once the database is back); from the first record it cannot store: "No se guardó".
    await expect(async () => {
      await page.getByRole('button', { name: 'Cotizar' }).click();
      await expectRecordedTripQuote(card);
      await expect(card.getByTestId('quote-not-saved')).toHaveText(NOT_SAVED, { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(card.getByTestId('quote-reference')).toHaveCount(0);

    // The device's own list holds both, the unsaved one first, and survives a reload.
    await page.reload();
    const recent = page.getByText(/^Cotizaciones recientes \(2\)$/);
    await expect(recent).toBeVisible();
    await recent.click();
    const rows = page.locator('details', { has: recent }).getByRole('listitem');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('Varsovia 36, Juárez → Sonora 182, Hipódromo');
    await expect(rows.nth(1)).toContainText('Varsovia 36, Juárez → Sonora 180, Hipódromo');
    for (const row of await rows.all()) await expect(row).toContainText('$35.00');

    // The team's history needs the database: it says so, and that quoting goes on.
    await page.getByRole('link', { name: 'Cotizaciones', exact: true }).click();
    await expect(page.getByText('El historial no responde ahora.', { exact: false })).toBeVisible();
  } finally {
    await records.postgres.start();
  }

  await page.goto('/');
  await field(page, 'dropoff', 'exteriorNumber').fill('184');
  // The app reconnects by itself: the next quotes are saved again, with a reference.
  await expect(async () => {
    await page.getByRole('button', { name: 'Cotizar' }).click();
    await expectRecordedTripQuote(resultCard(page));
    await expect(resultCard(page).getByTestId('quote-reference')).toHaveText(
      /^Referencia DQ-[A-Z0-9]{6}$/,
      { timeout: 1_000 },
    );
  }).toPass({ timeout: 20_000 });
  await expect(resultCard(page).getByTestId('quote-not-saved')).toHaveCount(0);
});
