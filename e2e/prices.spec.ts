import type { Locator, Page } from '@playwright/test';
import { serverOfItsOwn, startAppProcess, type AppProcess } from './support/app-process';
import {
  RECORDED_TRIP,
  expect,
  fillPoint,
  openSignedIn,
  resultCard,
  test as base,
} from './support/screen';

/**
 * Trips that cost different amounts, so a wrong point, a swapped coordinate or a wrong clock shows
 * as a wrong price: the base fare covers 3 km and every further kilometre costs 7.50; a bicycle
 * takes trips up to 4 km, a motorbike the rest; 15.00 more from 22:00 to 06:00 (docs/courier-api.md,
 * data/zones.geojson). The suite's server prices at noon (COURIER_PRICING_TIME in server-env.ts);
 * the night case has a server of its own pricing at 23:30. What is priced is the server's answer,
 * not the browser's, so one device is enough.
 */
const test = base.extend<object, { nightApp: AppProcess }>({
  nightApp: serverOfItsOwn(() =>
    startAppProcess({ env: { COURIER_PRICING_TIME: '2026-11-20T23:30:00-06:00' } }),
  ),
});

/** The figure under a label of the result card ("Cargo extra", "Tarifa"…). */
const figure = (card: Locator, label: string) =>
  card
    .locator('dl > div')
    .filter({ has: card.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');

async function quote(page: Page, dropoff: Parameters<typeof fillPoint>[2]) {
  await fillPoint(page, 'pickup', RECORDED_TRIP.pickup);
  await fillPoint(page, 'dropoff', dropoff);
  await page.getByRole('button', { name: 'Cotizar' }).click();
  const card = resultCard(page);
  await expect(card).toHaveAttribute('data-state', 'fresh');
  return card;
}

test('past 3 km each further kilometre is charged, and up to 4 km it still goes by bicycle', async ({
  page,
}) => {
  await openSignedIn(page);
  const card = await quote(page, {
    coordinates: '19.4035, -99.161',
    fromPin: { neighborhood: 'Roma Sur', zipCode: '06760' },
    street: 'Tehuantepec',
    exteriorNumber: '50',
  });
  // 3.10 km: 35.00 + 0.10 × 7.50.
  await expect(card.getByTestId('quote-distance')).toHaveText('3.10 km');
  await expect(card.getByTestId('quote-total')).toHaveText('$35.75');
  await expect(card.getByTestId('quote-eta')).toContainText('36 min');
  await expect(card.getByTestId('quote-vehicle')).toHaveText('Bicicleta');
  await expect(figure(card, 'Cargo extra')).toHaveText('$0.00');
});

test('a trip of almost 10 km goes by motorbike and pays for every kilometre past the third', async ({
  page,
}) => {
  await openSignedIn(page);
  const card = await quote(page, {
    coordinates: '19.3551, -99.1625',
    fromPin: { neighborhood: 'Del Carmen', zipCode: '04100' },
    street: 'Londres',
    exteriorNumber: '247',
  });
  // 9.83 km: 35.00 + 6.83 × 7.50; 20 min to pick up and 9.83 km at 25 km/h.
  await expect(card.getByTestId('quote-distance')).toHaveText('9.83 km');
  await expect(card.getByTestId('quote-total')).toHaveText('$86.23');
  await expect(card.getByTestId('quote-eta')).toContainText('44 min');
  await expect(card.getByTestId('quote-vehicle')).toHaveText('Motocicleta');
});

test.describe('at night', () => {
  test.use({ baseURL: async ({ nightApp }, provide) => provide(nightApp.baseURL) });

  test('the recorded trip at 23:30 carries the 15.00 night surcharge in its total', async ({
    page,
  }) => {
    await openSignedIn(page);
    const answered = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/quote',
    );
    const card = await quote(page, RECORDED_TRIP.dropoff);
    await expect(card.getByTestId('quote-distance')).toHaveText('1.58 km');
    await expect(card.getByTestId('quote-eta')).toContainText('· 28 min');
    await expect(figure(card, 'Tarifa')).toHaveText('$35.00');
    await expect(figure(card, 'Cargo extra')).toHaveText('$15.00');
    await expect(card.getByTestId('quote-total')).toHaveText('$50.00');
    // The shares the screen does not show: the messenger's 35 × 0.8 and the operator's 35 − 28,
    // the surcharge in neither.
    expect((await (await answered).json()).quote).toMatchObject({
      price: 35,
      extraCharge: 15,
      total: 50,
      messengerFee: 28,
      operatorCost: 7,
      distanceKm: 1.58,
      etaMinutes: 28,
    });
  });
});
