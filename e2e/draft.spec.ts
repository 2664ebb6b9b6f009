import {
  RECORDED_TRIP,
  expect,
  expectRecordedTripQuote,
  field,
  fillPoint,
  openSignedIn,
  pin,
  quoteRecordedTrip,
  resultCard,
  signIn,
  test,
  waitForMap,
  WITH_SERVICE_WORKER,
} from './support/screen';

test.use(WITH_SERVICE_WORKER);

test.describe('the draft stays on the device', () => {
  test('a reload keeps the pins, the fields, the chosen pin and the last quote', async ({
    page,
  }) => {
    await openSignedIn(page);
    await quoteRecordedTrip(page);
    await page.getByRole('radio', { name: 'A · Recolección' }).check();

    await page.reload();
    await waitForMap(page);
    await expect(field(page, 'pickup', 'street')).toHaveValue('Varsovia');
    await expect(field(page, 'dropoff', 'interiorNumber')).toHaveValue('1');
    await expect(field(page, 'dropoff', 'coordinates')).toHaveValue('19.413356, -99.167214');
    await expect(pin(page, 'A')).toBeVisible();
    await expect(pin(page, 'B')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'A · Recolección' })).toBeChecked();
    await expect(resultCard(page)).toHaveAttribute('data-state', 'fresh');
  });

  test('an expired session asks to sign in, then carries on with the same draft and quotes it', async ({
    page,
    context,
  }) => {
    await openSignedIn(page);
    await fillPoint(page, 'pickup', RECORDED_TRIP.pickup);
    await fillPoint(page, 'dropoff', RECORDED_TRIP.dropoff);

    await context.clearCookies({ name: 'dq_session' });
    await page.getByRole('button', { name: 'Cotizar' }).click();

    await expect(page).toHaveURL(/\/sign-in\?reason=expired/);
    await expect(page.getByText('Tu sesión terminó')).toBeVisible();
    await signIn(page);
    await expect(field(page, 'pickup', 'street')).toHaveValue('Varsovia');
    await expect(field(page, 'dropoff', 'street')).toHaveValue('Sonora');
    await expectRecordedTripQuote(resultCard(page));
  });

  test('without network the screen says so instead of failing, and quotes once it is back', async ({
    page,
    context,
  }) => {
    await openSignedIn(page);
    await fillPoint(page, 'pickup', RECORDED_TRIP.pickup);
    await fillPoint(page, 'dropoff', RECORDED_TRIP.dropoff);

    await context.setOffline(true);
    await expect(page.getByTestId('offline-notice')).toBeVisible();
    await page.getByRole('button', { name: 'Cotizar' }).click();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'la cotización se enviará en cuanto vuelva la red' }),
    ).toBeVisible();

    // Back online, the quote goes by itself (e2e/hand-over.spec.ts counts that it goes once).
    await context.setOffline(false);
    await expect(page.getByTestId('offline-notice')).toBeHidden();
    await expectRecordedTripQuote(resultCard(page));
  });

  test('a recent quote can be reopened with its points and figures', async ({ page }) => {
    await openSignedIn(page);
    await quoteRecordedTrip(page);

    await page.getByRole('button', { name: /^Limpiar$/ }).click();
    await expect(field(page, 'pickup', 'street')).toHaveValue('');
    await expect(pin(page, 'A')).toHaveCount(0);

    await page.getByText(/^Cotizaciones recientes \(\d+\)$/).click();
    await page
      .getByRole('button', { name: /Varsovia 36, Juárez → Sonora 180, Hipódromo/ })
      .first()
      .click();
    await expect(field(page, 'pickup', 'street')).toHaveValue('Varsovia');
    await expect(pin(page, 'B')).toBeVisible();
    await expect(resultCard(page)).toHaveAttribute('data-state', 'fresh');
    await expectRecordedTripQuote(resultCard(page));
  });
});
