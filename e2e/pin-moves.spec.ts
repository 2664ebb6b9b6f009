import type { Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import {
  LOOKUP_FOUND,
  expect,
  field,
  fillPoint,
  lookupLine,
  openSignedIn,
  pin,
  pointGroup,
  resultCard,
  slide,
  tapMap,
  type Point,
  test,
} from './support/screen';

/**
 * Issue 29: a tap on pin A's head moved B next to it, and a drag of a few pixels did the same,
 * with no way back. A pin moves only when it is dragged, and a move can be undone. Touch only:
 * these are a finger's taps and slides (the tablet and phone profiles).
 */
test.skip(({ hasTouch }) => !hasTouch, 'a finger on a touch screen (tablet and phone)');

/** The middle of a pin's round head (the head is the pin's top 40 px). */
async function headOf(page: Page, letter: string): Promise<Point> {
  const box = (await pin(page, letter).boundingBox())!;
  return { x: box.x + 26, y: box.y + 20 };
}

/**
 * Where every pin is drawn, as offsets from A's (a drag near the map's edge may pan the map a
 * little: the view moving is no pin moving), and the coordinates each stop holds.
 */
async function pinsNow(page: Page) {
  return {
    drawn: await page.locator('[data-pin]').evaluateAll((pins) => {
      const boxes = pins.map((element) => element.getBoundingClientRect());
      return pins.map((element, index) => {
        const [x, y] = [boxes[index]!.x - boxes[0]!.x, boxes[index]!.y - boxes[0]!.y];
        return `${element.getAttribute('data-pin')} ${Math.round(x)},${Math.round(y)}`;
      });
    }),
    pickup: await field(page, 'pickup', 'coordinates').inputValue(),
    dropoff: await field(page, 'dropoff', 'coordinates').inputValue(),
  };
}

/** A and B placed by taps, their streets typed, and the trip quoted. */
async function quotedByTaps(page: Page, testInfo: Parameters<typeof tapMap>[1]) {
  await openSignedIn(page);
  await tapMap(page, testInfo, -60, -30);
  await expect(lookupLine(page, 'pickup')).toHaveText(LOOKUP_FOUND);
  await tapMap(page, testInfo, 60, 40);
  await expect(lookupLine(page, 'dropoff')).toHaveText(LOOKUP_FOUND);
  await fillPoint(page, 'pickup', { street: 'Varsovia', exteriorNumber: '36' });
  await fillPoint(page, 'dropoff', { street: 'Sonora', exteriorNumber: '180' });
  await page.getByRole('button', { name: 'Cotizar' }).tap();
  await expect(resultCard(page)).toHaveAttribute('data-state', 'fresh');
}

/** Lets whatever a wrong move would set off (a lookup, a redraw) happen before comparing. */
const settle = (page: Page) => page.waitForTimeout(600);

/** The pins once the map has stopped moving (a quote frames the trip, with an animation). */
async function steadyPins(page: Page) {
  let last = await pinsNow(page);
  await expect
    .poll(async () => {
      const previous = JSON.stringify(last);
      await page.waitForTimeout(300);
      last = await pinsNow(page);
      return JSON.stringify(last) === previous;
    })
    .toBe(true);
  return last;
}

test.describe('a pin moves only when the dispatcher means it', () => {
  test('a tap on pin A, and a 5 px slide of it, leave every pin where it was @touch', async ({
    page,
  }, testInfo) => {
    await quotedByTaps(page, testInfo);
    const before = await steadyPins(page);
    expect(before.drawn).toHaveLength(2);

    await page.touchscreen.tap(...(Object.values(await headOf(page, 'A')) as [number, number]));
    await settle(page);
    expect(await pinsNow(page)).toEqual(before);
    await expect(resultCard(page)).toHaveAttribute('data-state', 'fresh');
    // The tap chose A, as a tap on its fields would.
    await expect(page.getByRole('radio', { name: 'A · Recolección' })).toBeChecked();

    // A finger's 5 px slide (Chromium may keep such a small one to itself), then the same with a
    // pointer, whose every move reaches the page: Leaflet starts a drag past 3 px.
    const head = await headOf(page, 'A');
    await slide(page, head, { x: head.x + 5, y: head.y });
    await page.mouse.move(head.x, head.y);
    await page.mouse.down();
    for (let x = 1; x <= 5; x++) await page.mouse.move(head.x + x, head.y);
    await page.mouse.up();
    await settle(page);
    expect(await pinsNow(page)).toEqual(before);
    await expect(resultCard(page)).toHaveAttribute('data-state', 'fresh');
    await expect(page.getByTestId('undo-change')).toHaveCount(0);
  });

  test('B dragged for real moves, and "Deshacer" puts B, its street and the quote back @touch', async ({
    page,
  }, testInfo) => {
    await quotedByTaps(page, testInfo);
    const before = await steadyPins(page);
    const total = await resultCard(page).getByTestId('quote-total').textContent();

    const head = await headOf(page, 'B');
    await slide(page, head, { x: head.x + 70, y: head.y - 50 });
    await expect(field(page, 'dropoff', 'coordinates')).not.toHaveValue(before.dropoff);
    await expect(field(page, 'pickup', 'coordinates')).toHaveValue(before.pickup);
    await expect(resultCard(page)).toHaveAttribute('data-state', 'stale');
    const notice = page.getByTestId('undo-change');
    await expect(notice).toContainText('Se movió el punto B.');
    expect(await seriousViolations(page)).toEqual([]);

    await notice.getByRole('button', { name: 'Deshacer' }).tap();
    await expect(field(page, 'dropoff', 'coordinates')).toHaveValue(before.dropoff);
    await expect(field(page, 'dropoff', 'street')).toHaveValue('Sonora');
    await expect(field(page, 'dropoff', 'exteriorNumber')).toHaveValue('180');
    await expect(resultCard(page)).toHaveAttribute('data-state', 'fresh');
    await expect(resultCard(page).getByTestId('quote-total')).toHaveText(total!);
    await settle(page);
    // The map may have framed the moved pin meanwhile: where the stops are is what must be back.
    const { pickup, dropoff } = await pinsNow(page);
    expect({ pickup, dropoff }).toEqual({ pickup: before.pickup, dropoff: before.dropoff });
    await expect(notice).toHaveCount(0);
  });

  test('"Quitar" on a filled stop, then "Deshacer": the stop is back with its fields @touch', async ({
    page,
  }, testInfo) => {
    await quotedByTaps(page, testInfo);
    await page.getByRole('button', { name: 'Agregar entrega' }).tap();
    await tapMap(page, testInfo, 0, 80);
    await expect(lookupLine(page, 'C')).toHaveText(LOOKUP_FOUND);
    await fillPoint(page, 'C', { street: 'Durango', exteriorNumber: '12' });
    const coordinates = await field(page, 'C', 'coordinates').inputValue();

    await pointGroup(page, 'C')
      .getByRole('button', { name: /^Quitar/ })
      .tap();
    await expect(pointGroup(page, 'C')).toHaveCount(0);
    const notice = page.getByTestId('undo-change');
    await expect(notice).toContainText('Se quitó la entrega C.');
    await notice.getByRole('button', { name: 'Deshacer' }).tap();

    await expect(field(page, 'C', 'street')).toHaveValue('Durango');
    await expect(field(page, 'C', 'exteriorNumber')).toHaveValue('12');
    await expect(field(page, 'C', 'coordinates')).toHaveValue(coordinates);
    await expect(pin(page, 'C')).toBeVisible();
  });
});
