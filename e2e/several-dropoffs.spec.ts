import type { Page } from '@playwright/test';
import {
  DURANGO_200_AND_HAVRE_30,
  addDropoffs,
  RECORDED_TRIP,
  expect,
  field,
  fillPoint,
  lookupLine,
  openSignedIn,
  pin,
  pointGroup,
  resultCard,
  tapMap,
  test,
  waitForMap,
  WITH_SERVICE_WORKER,
} from './support/screen';
import { seriousViolations } from './support/axe';

// With the app's service worker on every profile: the 4-stop test reloads the screen, which the
// worker serves on a dispatcher's device.
test.use(WITH_SERVICE_WORKER);

/** One rider, several customers: drop-offs B, C, D… on the map, in the fields and in the quote. */

const STREETS: Record<string, [string, string]> = {
  A: ['Varsovia', '36'],
  B: ['Sonora', '180'],
  C: ['Durango', '200'],
  D: ['Havre', '30'],
};

/**
 * A stop shown folded (several stops, not the one being edited) opens with one tap. The screen may
 * open it by itself meanwhile (after a pin's address is in, the keyboard goes to the first field
 * left to write in the trip): a tap on a summary that is gone by then is not waited for, the
 * street showing either way is.
 */
async function openStop(page: Page, letter: string) {
  const summary = pointGroup(page, letter).getByRole('button', { name: /tocar para editar/ });
  const street = field(page, letter, 'street');
  await expect(async () => {
    if (await summary.isVisible()) await summary.click({ timeout: 2_000 });
    await expect(street).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

async function writeStreets(page: Page, letters: string[]) {
  for (const letter of letters) {
    await openStop(page, letter);
    await field(page, letter, 'street').fill(STREETS[letter]![0]);
    await field(page, letter, 'exteriorNumber').fill(STREETS[letter]![1]);
  }
}

const legs = (page: Page) => resultCard(page).getByTestId('quote-legs').getByRole('listitem');

/**
 * The stops' letters in the order the screen lists them, read until they settle: not the copy
 * React may leave for a frame in its hidden streaming container (see pointGroup), which once made
 * a reload read A, B, C, D, A, B.
 */
const expectStopLetters = (page: Page, letters: string[]) =>
  expect
    .poll(() =>
      page
        .locator('fieldset[data-stop]:not([hidden] *)')
        .evaluateAll((groups) => groups.map((group) => group.getAttribute('data-stop'))),
    )
    .toEqual(letters);

test.describe('several drop-offs in one quote', () => {
  test('a 4-stop quote by taps: legs listed, reload keeps the stops, reorder and remove @layout', async ({
    page,
  }, testInfo) => {
    await openSignedIn(page);
    await tapMap(page, testInfo, -70, -50);
    await tapMap(page, testInfo, 60, 50);
    for (const [letter, dx, dy] of [
      ['C', -60, 70],
      ['D', 70, -60],
    ] as const) {
      await page.getByRole('button', { name: 'Agregar entrega' }).click();
      // The new stop is the one the next tap places.
      await expect(page.getByRole('radio', { name: `${letter} · Entrega` })).toBeChecked();
      await tapMap(page, testInfo, dx, dy);
      await expect(pin(page, letter)).toBeVisible();
      // Its address is in: the folded stop reads its colonia and what is left to write, while the
      // keyboard goes to the first field to write in the trip (A's street).
      await expect(pointGroup(page, letter)).toContainText(
        'Falta escribir: calle y número exterior.',
      );
    }
    for (const letter of ['A', 'B', 'C', 'D']) await expect(pin(page, letter)).toBeVisible();
    // The map joins the stops in order and numbers the legs.
    await expect(
      page.locator('.leaflet-marker-pane').getByText('3', { exact: true }),
    ).toBeAttached();

    await writeStreets(page, ['A', 'B', 'C', 'D']);
    await page.getByRole('button', { name: 'Cotizar' }).click();
    await expect(resultCard(page)).toHaveAttribute('data-state', 'fresh');
    await expect(legs(page)).toHaveCount(3);
    await expect(legs(page).nth(0)).toContainText('A → B');
    await expect(legs(page).nth(2)).toContainText('C → D');
    expect(await seriousViolations(page)).toEqual([]);

    // A reload brings the four stops back, in order, with the quote.
    await page.reload();
    await waitForMap(page);
    await expectStopLetters(page, ['A', 'B', 'C', 'D']);
    await openStop(page, 'D');
    await expect(field(page, 'D', 'street')).toHaveValue('Havre');
    await expect(resultCard(page)).toHaveAttribute('data-state', 'fresh');

    // D moves up: it is C now, and the quote no longer matches the trip.
    await pointGroup(page, 'D').getByRole('button', { name: 'Subir Entrega (D)' }).click();
    await openStop(page, 'C');
    await expect(field(page, 'C', 'street')).toHaveValue('Havre');
    await openStop(page, 'D');
    await expect(field(page, 'D', 'street')).toHaveValue('Durango');
    await expect(resultCard(page)).toHaveAttribute('data-state', 'stale');

    // B goes: C and D become B and C.
    await pointGroup(page, 'B').getByRole('button', { name: 'Quitar Entrega (B)' }).click();
    await expectStopLetters(page, ['A', 'B', 'C']);
    await openStop(page, 'B');
    await expect(field(page, 'B', 'street')).toHaveValue('Havre');
    await page.getByRole('button', { name: 'Cotizar' }).click();
    await expect(resultCard(page)).toHaveAttribute('data-state', 'fresh');
    await expect(legs(page)).toHaveCount(2);
  });

  test('A → B → C → D typed in: each leg’s km, minutes and price, and the trip’s', async ({
    page,
  }) => {
    await openSignedIn(page);
    await fillPoint(page, 'pickup', RECORDED_TRIP.pickup);
    await fillPoint(page, 'dropoff', RECORDED_TRIP.dropoff);
    await addDropoffs(page, DURANGO_200_AND_HAVRE_30);
    await page.getByRole('button', { name: 'Cotizar' }).click();
    const card = resultCard(page);
    await expect(card).toHaveAttribute('data-state', 'fresh');
    // Great circle × cdmx's road factor 1.27, to 2 decimals: 1.5779 → 1.58, 1.1883 → 1.19,
    // 0.9470 → 0.95 km; 20 min + cumulative km at 12 km/h (27.9, 33.85, 38.6); 35 + 0.72 × 7.50 =
    // 40.40, shared by cumulative km: 4040 × 1.58 / 3.72 → 1716, 4040 × 2.77 / 3.72 → 3008 cents.
    await expect(legs(page)).toHaveText([
      /^A → B\s*1\.58 km\s*llega en 28 min desde la recolección\s*\$17\.16$/,
      /^B → C\s*1\.19 km\s*llega en 34 min desde la recolección\s*\$12\.92$/,
      /^C → D\s*0\.95 km\s*llega en 39 min desde la recolección\s*\$10\.32$/,
    ]);
    await expect(card.getByTestId('quote-total')).toHaveText('$40.40');
    await expect(card.getByTestId('quote-distance')).toHaveText('3.72 km');
    await expect(card.getByTestId('quote-eta')).toContainText('· 39 min');
    await expect(card.getByTestId('quote-vehicle')).toHaveText('Bicicleta');
  });

  test('a stop added while B’s address is still being looked up leaves B’s lookup alone', async ({
    page,
  }, testInfo) => {
    await openSignedIn(page);
    // Every reverse lookup answers late, as on a slow network.
    await page.route('**/api/geocode/reverse**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await tapMap(page, testInfo, -70, -50);
    await tapMap(page, testInfo, 60, 50);
    await expect(lookupLine(page, 'B')).toHaveText(/Buscando la dirección del pin/);
    await page.getByRole('button', { name: 'Agregar entrega' }).click();
    await openStop(page, 'B');
    await expect(field(page, 'B', 'neighborhood')).not.toHaveValue('');
    await expect(field(page, 'B', 'zipCode')).toHaveValue(/^\d{5}$/);
  });

  test('a drop-off outside the pickup’s zone is named by its letter', async ({ page }) => {
    await openSignedIn(page);
    await fillPoint(page, 'pickup', {
      coordinates: '19.4245207, -99.1676911',
      fromPin: RECORDED_TRIP.pickup.fromPin,
    });
    await fillPoint(page, 'dropoff', {
      coordinates: '19.4133562, -99.1672142',
      fromPin: RECORDED_TRIP.dropoff.fromPin,
    });
    await page.getByRole('button', { name: 'Agregar entrega' }).click();
    await fillPoint(page, 'C', {
      coordinates: '20.6767, -103.3475',
      fromPin: { neighborhood: 'Guadalajara Centro', zipCode: '44100' },
      street: 'Hidalgo',
      exteriorNumber: '400',
    });
    await writeStreets(page, ['A', 'B']);
    await page.getByRole('button', { name: 'Cotizar' }).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'La entrega C está fuera de la zona de la recolección.' }),
    ).toBeVisible();
    await expect(pointGroup(page, 'C')).toHaveAttribute('data-outside', 'true');
    await expect(pointGroup(page, 'B')).not.toHaveAttribute('data-outside', 'true');
  });

  test('from the keyboard alone: add a stop, find it by search, move it up, quote', async ({
    page,
  }) => {
    await openSignedIn(page);
    const search = async (letter: string, text: string, pick: RegExp) => {
      const box = pointGroup(page, letter).getByLabel('Buscar dirección');
      await box.focus();
      await page.keyboard.type(text);
      await page.keyboard.press('Enter');
      const choice = pointGroup(page, letter).getByRole('button', { name: pick }).first();
      await choice.focus();
      await page.keyboard.press('Enter');
    };
    await search('A', 'Varsovia 36, Juárez', /Varsovia 36 · Juárez/);
    await search('B', 'Sonora 180 Hipódromo', /Sonora 180 · Hipódromo/);
    const add = page.getByRole('button', { name: 'Agregar entrega' });
    await add.focus();
    await page.keyboard.press('Enter');
    // The new stop's group takes the focus; Tab leads into its search.
    await expect(pointGroup(page, 'C')).toBeFocused();
    await search('C', 'Havre 30, Juárez', /Havre 30 · Juárez/);
    await expect(field(page, 'C', 'zipCode')).toHaveValue('06600');

    const up = pointGroup(page, 'C').getByRole('button', { name: 'Subir Entrega (C)' });
    await up.focus();
    await page.keyboard.press('Enter');
    await openStop(page, 'B');
    await expect(field(page, 'B', 'street')).toHaveValue('Havre');

    await page.getByRole('button', { name: 'Cotizar' }).focus();
    await page.keyboard.press('Enter');
    await expect(resultCard(page)).toHaveAttribute('data-state', 'fresh');
    await expect(legs(page)).toHaveCount(2);
    await expect(legs(page).nth(0)).toContainText('A → B');
  });
});
