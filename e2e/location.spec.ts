import { expect, field, openSignedIn, pin, test } from './support/screen';

test.describe('use my location', () => {
  test('places the pickup A where the device is', async ({ page, context }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 19.4245207, longitude: -99.1676911 });
    await openSignedIn(page);
    await page.getByRole('button', { name: 'Mi ubicación' }).click();
    await expect(field(page, 'pickup', 'coordinates')).toHaveValue('19.424521, -99.167691');
    await expect(pin(page, 'A')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'B · Entrega' })).toBeChecked();
  });

  test('a refused permission is explained and the map still works', async ({ page, context }) => {
    await context.clearPermissions();
    await openSignedIn(page);
    await page.getByRole('button', { name: 'Mi ubicación' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'No tenemos permiso para tu ubicación' }),
    ).toBeVisible();
    await expect(pin(page, 'A')).toHaveCount(0);
  });
});
