import type { Locator, Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import {
  expect,
  keepForReview,
  openSignedIn,
  pin,
  pointGroup,
  resultCard,
  steadyValue,
  test,
  WITH_SERVICE_WORKER,
} from './support/screen';

// With the app's service worker on every profile: the test reloads the screen, which the worker
// serves on a dispatcher's device.
test.use(WITH_SERVICE_WORKER);

/**
 * Issue 29, Build 3: a point found only as a colonia sits at the colonia's centre, and the screen
 * says so — on its fields, on its pin and on "Cotizar" — until the dispatcher taps the map at the
 * door; quoted as it is, the result says by how much the km may be off. Touch only: the marks must
 * be seen and the fix made with a finger, on the tablet and the phone.
 */
test.skip(({ hasTouch }) => !hasTouch, 'a finger on a touch screen (tablet and phone)');

const MARK = 'Ubicación aproximada: toca el mapa en la puerta.';
const mark = (page: Page, letter: string) =>
  pointGroup(page, letter).getByTestId('approximate-mark');
/** The dashed circle drawn around an approximate pin (the route and the zones dash otherwise). */
const areas = (page: Page) => page.locator('.leaflet-overlay-pane path[stroke-dasharray="8 8"]');

/** Text typed into a point's search, sent, and the result named `choice` tapped. */
async function searchAndPick(page: Page, letter: string, text: string, choice: RegExp) {
  const box = pointGroup(page, letter).getByLabel('Buscar dirección');
  await box.fill(text);
  await box.press('Enter');
  const results = pointGroup(page, letter).getByRole('list', { name: /^Resultados para/ });
  await results.getByRole('button', { name: choice }).tap();
}

/** Nothing of `target` lies under the map (in portrait, where the panel is below it) or the Cotizar bar. */
async function expectInView(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  const bar = (await page.getByRole('button', { name: /^Cotizar/ }).boundingBox())!;
  const map = (await page.locator('.leaflet-container').boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.y + box.height).toBeLessThanOrEqual(bar.y);
  if (viewport.height > viewport.width && box.x < map.x + map.width) {
    expect(box.y).toBeGreaterThanOrEqual(Math.max(0, map.y + map.height) - 1);
  }
  expect(box.y).toBeGreaterThanOrEqual(0);
}

/**
 * No pin's name tag runs under the "Líneas rectas…" label in the map's bottom corner: on a phone
 * the label spans most of the map's width, and an approximate pin's tag is three lines deep.
 */
async function expectTagsClearOfLabel(page: Page, letters: string[]) {
  const label = (await page.getByTestId('route-label').boundingBox())!;
  for (const letter of letters) {
    const tag = pin(page, letter).locator('[data-pin-tag]');
    // Once the map has stopped gliding to the trip.
    const box = (await steadyValue(() => tag.boundingBox()))!;
    const apart =
      box.y + box.height <= label.y ||
      box.y >= label.y + label.height ||
      box.x + box.width <= label.x ||
      box.x >= label.x + label.width;
    expect(apart, `${letter}'s tag ${JSON.stringify(box)} clear of ${JSON.stringify(label)}`).toBe(
      true,
    );
  }
}

test('a search-only trip is called approximate, quoted with one deliberate tap, and fixed at the door @touch', async ({
  page,
}, testInfo) => {
  await openSignedIn(page);
  await searchAndPick(page, 'A', 'Varsovia 36, Juárez', /^Colonia .*Varsovia 36 · Juárez, 06600/);
  await searchAndPick(
    page,
    'B',
    'Sonora 180, Hipódromo',
    /^Colonia .*Sonora 180 · Hipódromo, 06100/,
  );

  // Both fieldsets and both pins say it, in words; each pin has the dashed area of its door.
  for (const letter of ['A', 'B']) {
    await expect(mark(page, letter)).toContainText(MARK);
    await expect(mark(page, letter)).toContainText('la puerta puede estar a 1 km');
    await expect(pin(page, letter)).toContainText('Ubicación aproximada');
  }
  await expect(areas(page)).toHaveCount(2);
  await expectTagsClearOfLabel(page, ['A', 'B']);
  // The guide does not call it ready; "Cotizar" says what it will quote.
  await expect(resultCard(page)).not.toContainText('Todo listo');
  await expect(resultCard(page)).toContainText('Ubicación aproximada de A y B');
  const submit = page.getByRole('button', { name: 'Cotizar con ubicación aproximada' });
  await expect(submit).toBeVisible();
  await expectInView(page, mark(page, 'B'));
  await keepForReview(page, testInfo, 'approximate-marks');
  expect(await seriousViolations(page)).toEqual([]);

  // One tap quotes it; the result says by how much the km may be off, once: not also "distancia
  // aproximada" under it (the two read as one phrase saying "aproximada" twice).
  await submit.tap();
  const card = resultCard(page);
  await expect(card).toHaveAttribute('data-state', 'fresh');
  await expect(card.getByTestId('distance-uncertainty')).toHaveText('±2 km: ubicación aproximada');
  await expect(card.getByTestId('distance-note')).toHaveCount(0);
  await expectInView(page, card.getByTestId('distance-uncertainty'));
  await keepForReview(page, testInfo, 'approximate-result');

  // A's door: A chosen for the next tap, then a tap on the map beside its pin.
  await mark(page, 'A').getByRole('button', { name: 'Corregir A en el mapa' }).tap();
  await expect(page.getByRole('radio', { name: 'A · Recolección' })).toBeChecked();
  await pin(page, 'A').scrollIntoViewIfNeeded();
  const head = (await pin(page, 'A').boundingBox())!;
  await page.touchscreen.tap(head.x - 30, head.y + head.height + 25);
  await expect(mark(page, 'A')).toHaveCount(0);
  await expect(pin(page, 'A')).not.toContainText('Ubicación aproximada');
  await expect(areas(page)).toHaveCount(1);
  await expect(mark(page, 'B')).toContainText(MARK);
  await expect(card).toHaveAttribute('data-state', 'stale');
  await expect(
    page.getByRole('button', { name: 'Cotizar con ubicación aproximada' }),
  ).toBeVisible();

  // "Deshacer" puts A back at the colonia's centre, approximate again; the mark survives a reload.
  await page.getByTestId('undo-change').getByRole('button', { name: 'Deshacer' }).tap();
  await expect(mark(page, 'A')).toContainText(MARK);
  await page.reload();
  await expect(mark(page, 'A')).toContainText(MARK);
  await expect(mark(page, 'B')).toContainText(MARK);
  await expect(areas(page)).toHaveCount(2);
});

test('an approximate pin framed at the bottom of the map keeps its tag above the corner label @layout', async ({
  page,
}) => {
  // A by a tap in the map's upper half, B at a colonia's centre to the south: the map frames the
  // two with B low, where the "Líneas rectas…" label sits.
  await openSignedIn(page);
  const map = (await page.locator('.leaflet-container').boundingBox())!;
  await page.touchscreen.tap(map.x + map.width * 0.4, map.y + map.height * 0.4);
  await expect(pin(page, 'A')).toBeVisible();
  await searchAndPick(
    page,
    'B',
    'Sonora 180, Hipódromo',
    /^Colonia .*Sonora 180 · Hipódromo, 06100/,
  );
  await expect(pin(page, 'B')).toContainText('Ubicación aproximada');
  await expect(page.getByTestId('route-label')).toBeVisible();
  await expectTagsClearOfLabel(page, ['A', 'B']);
});
