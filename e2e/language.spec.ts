import {
  RECORDED_TRIP,
  expect,
  expectRecordedTripQuote,
  fillPoint,
  openSignedIn,
  resultCard,
  test,
} from './support/screen';

test('the dispatcher switches to English and back without losing what they typed', async ({
  page,
}) => {
  await openSignedIn(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-MX');
  await fillPoint(page, 'pickup', RECORDED_TRIP.pickup);
  await fillPoint(page, 'dropoff', RECORDED_TRIP.dropoff);

  await page.getByRole('button', { name: 'Switch to English' }).click();
  await expect(page.getByRole('button', { name: 'Get quote' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Pickup (A)' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Drop-off (B)' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Pickup (A)' }).getByLabel('Street')).toHaveValue(
    'Varsovia',
  );
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.getByRole('button', { name: 'Get quote' }).click();
  await expect(resultCard(page).getByTestId('quote-vehicle')).toHaveText('Bicycle');
  // Pesos are written the Mexican way in either language.
  await expectRecordedTripQuote(resultCard(page));

  // The choice is remembered: the server renders English after a reload.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Get quote' })).toBeVisible();
  await page.getByRole('button', { name: 'Cambiar a español' }).click();
  await expect(page.getByRole('button', { name: 'Cotizar' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Recolección (A)' })).toBeVisible();
});
