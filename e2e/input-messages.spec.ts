import {
  RECORDED_TRIP,
  countQuotesSent,
  expect,
  expectRecordedTripQuote,
  field,
  fillPoint,
  openSignedIn,
  pointGroup,
  resultCard,
  test,
} from './support/screen';

/** Bad input gets a clear message that says what to write, and loses nothing typed. */

test('a 300-character street is refused with the limit named, and the text is kept', async ({
  page,
}) => {
  await openSignedIn(page);
  await fillPoint(page, 'pickup', RECORDED_TRIP.pickup);
  await fillPoint(page, 'dropoff', RECORDED_TRIP.dropoff);
  const long = 'Calzada de los Misterios '.repeat(12).slice(0, 300);
  await field(page, 'pickup', 'street').fill(long);
  const sent = countQuotesSent(page);
  await page.getByRole('button', { name: 'Cotizar' }).click();
  await expect(pointGroup(page, 'pickup')).toContainText('La calle admite máximo 150 caracteres.');
  await expect(pointGroup(page, 'pickup')).not.toContainText('El texto es demasiado largo.');
  await expect(field(page, 'pickup', 'street')).toHaveValue(long);
  expect(sent.count).toBe(0);
});

test('letters typed in the coordinates stay, with the error, until corrected', async ({ page }) => {
  await openSignedIn(page);
  await fillPoint(page, 'pickup', { coordinates: '19.4245207, -99.1676911' });
  const coordinates = field(page, 'pickup', 'coordinates');
  await coordinates.fill('19.42 norte, 99 oeste');
  await coordinates.press('Enter');
  await expect(pointGroup(page, 'pickup')).toContainText(
    'Escribe latitud y longitud separadas por coma',
  );
  await expect(coordinates).toHaveValue('19.42 norte, 99 oeste');
  await expect(coordinates).toHaveAttribute('aria-invalid', 'true');
  // Leaving the field keeps the text and the error together.
  await field(page, 'pickup', 'street').focus();
  await expect(coordinates).toHaveValue('19.42 norte, 99 oeste');
  await expect(coordinates).toHaveAttribute('aria-invalid', 'true');

  await coordinates.fill('19.4133562, -99.1672142');
  await coordinates.press('Enter');
  await expect(coordinates).toHaveValue('19.413356, -99.167214');
  await expect(coordinates).not.toHaveAttribute('aria-invalid', 'true');
});

test('an exterior number in words is refused in the form with what to write; 36-B is quoted', async ({
  page,
}) => {
  await openSignedIn(page);
  await fillPoint(page, 'pickup', { ...RECORDED_TRIP.pickup, exteriorNumber: 'treinta y seis' });
  await fillPoint(page, 'dropoff', RECORDED_TRIP.dropoff);
  const sent = countQuotesSent(page);
  await page.getByRole('button', { name: 'Cotizar' }).click();
  await expect(pointGroup(page, 'pickup')).toContainText(
    'Escribe el número con cifras, como 36, 36-B, S/N, Mz 4 Lt 12 o Km 3.5.',
  );
  await expect(field(page, 'pickup', 'exteriorNumber')).toHaveValue('treinta y seis');
  expect(sent.count).toBe(0);

  await field(page, 'pickup', 'exteriorNumber').fill('36-B');
  await page.getByRole('button', { name: 'Cotizar' }).click();
  await expectRecordedTripQuote(resultCard(page));
  expect(sent.count).toBe(1);
});
