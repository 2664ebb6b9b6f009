import type { Page } from '@playwright/test';
import {
  RECORDED_TRIP,
  expect,
  field,
  LOOKUP_FOUND,
  lookupLine,
  pin,
  signInWithoutOpening,
  test,
  waitForMap,
} from './support/screen';

/**
 * The quote screen opened, signed in, with its scripts held back until the returned function is
 * called: the server's HTML only, as on a slow line.
 */
async function openWithScriptsHeld(page: Page): Promise<() => void> {
  await signInWithoutOpening(page.context());
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_next/static/chunks/**/*.js', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  return release;
}

/**
 * A slow tablet shows the server's fields a second or two before the screen's code has run, and a
 * dispatcher may start typing there. What they typed stays, and counts: the form has it, and
 * coordinates typed and left place their pin (components/quote/effects/early-typing.ts).
 */
test('text typed into the fields before the screen’s code has run is kept, and coordinates place their pin @touch', async ({
  page,
}) => {
  const release = await openWithScriptsHeld(page);
  const coordinates = field(page, 'pickup', 'coordinates');
  const street = field(page, 'pickup', 'street');
  await coordinates.click();
  await coordinates.pressSequentially('19.424521, -99.167691');
  await street.click();
  await street.pressSequentially(RECORDED_TRIP.pickup.street);
  await expect(page.locator('.leaflet-container')).toHaveCount(0);

  release();
  await waitForMap(page);
  await expect(pin(page, 'A')).toBeVisible();
  await expect(coordinates).toHaveValue('19.424521, -99.167691');
  await expect(street).toHaveValue(RECORDED_TRIP.pickup.street);
  // Typed by the dispatcher, not filled from the pin: once the pin's address lookup has answered,
  // the street is still what was typed.
  await expect(lookupLine(page, 'pickup')).toHaveText(LOOKUP_FOUND);
  await expect(street).toHaveValue(RECORDED_TRIP.pickup.street);
});

/**
 * Coordinates typed into the field, left and entered, place their pin; coordinates still being
 * typed do not. A dispatcher halfway through "19.424521, -99.167691" when the screen's code arrives
 * goes on typing, and the pin goes down where they meant, once they press Enter.
 */
test('coordinates still being typed when the screen’s code arrives are kept as text, and place their pin once entered @touch', async ({
  page,
}) => {
  const release = await openWithScriptsHeld(page);
  const coordinates = field(page, 'pickup', 'coordinates');
  await coordinates.click();
  // Already coordinates, of the wrong point: -99.16 is two streets west of where this is going.
  await coordinates.pressSequentially('19.424521, -99.16');
  await expect(page.locator('.leaflet-container')).toHaveCount(0);

  release();
  await waitForMap(page);
  await expect(pin(page, 'A')).toHaveCount(0);
  await coordinates.pressSequentially('7691');
  await expect(coordinates).toHaveValue('19.424521, -99.167691');
  await expect(pin(page, 'A')).toHaveCount(0);

  await coordinates.press('Enter');
  await expect(pin(page, 'A')).toBeVisible();
  await expect(lookupLine(page, 'pickup')).toHaveText(LOOKUP_FOUND);
  await expect(coordinates).toHaveValue('19.424521, -99.167691');
});
