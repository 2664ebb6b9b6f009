import type { Locator, Page } from '@playwright/test';
import { expect, openSignedIn, resultCard, test } from './support/screen';

/** Presses Tab until the target has the focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, limit = 80) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('the element was never reached with Tab');
}

test('a keyboard-only dispatcher quotes a trip through the searches and fields', async ({
  page,
}) => {
  await openSignedIn(page);
  const pickup = page.getByRole('group', { name: 'Recolección (A)' });
  const dropoff = page.getByRole('group', { name: 'Entrega (B)' });

  await tabTo(page, pickup.getByLabel('Buscar dirección'));
  await page.keyboard.type('Juárez');
  await page.keyboard.press('Enter');
  const pickupChoice = pickup.getByRole('button', { name: /^Colonia Juárez, 06600/ });
  await tabTo(page, pickupChoice);
  await page.keyboard.press('Enter');
  await expect(pickup.getByLabel('Colonia')).toHaveValue('Juárez');
  await expect(pickup.getByLabel('Código postal')).toHaveValue('06600');

  await tabTo(page, pickup.getByLabel('Calle'));
  await page.keyboard.type('Varsovia');
  await page.keyboard.press('Tab');
  await page.keyboard.type('36');

  await tabTo(page, dropoff.getByLabel('Buscar dirección'));
  await page.keyboard.type('Hipódromo');
  await page.keyboard.press('Enter');
  const dropoffChoice = dropoff.getByRole('button', { name: /^Colonia Hipódromo, 06100/ });
  await tabTo(page, dropoffChoice);
  await page.keyboard.press('Enter');
  await expect(dropoff.getByLabel('Código postal')).toHaveValue('06100');

  await tabTo(page, dropoff.getByLabel('Calle'));
  await page.keyboard.type('Sonora');
  await page.keyboard.press('Tab');
  await page.keyboard.type('180');
  await page.keyboard.press('Tab');
  await page.keyboard.type('1');

  await tabTo(page, page.getByRole('button', { name: 'Cotizar' }));
  await page.keyboard.press('Enter');
  await expect(resultCard(page)).toHaveAttribute('data-state', 'fresh');
  // The searches put A and B at the centres of Juárez and Hipódromo (the gazetteer's): 2.28 km by
  // road, within the base fare, by bicycle. Another colonia picked would show another distance.
  const card = resultCard(page);
  await expect(card.getByTestId('quote-distance')).toHaveText('2.28 km');
  await expect(card.getByTestId('quote-total')).toHaveText('$35.00');
  await expect(card.getByTestId('quote-eta')).toContainText('31 min');
  await expect(card.getByTestId('quote-vehicle')).toHaveText('Bicicleta');
});
