import type { Page } from '@playwright/test';
import {
  RECORDED_TRIP,
  expect,
  expectRecordedTripQuote,
  fillPoint,
  openSignedIn,
  resultCard,
  steadyValue,
  test,
} from './support/screen';

/**
 * A device that asks for less motion (`prefers-reduced-motion: reduce`, a system setting some
 * people need) sees the map jump to the quoted trip; any other glides there. Both on the desktop
 * profile: what is checked is the map's own motion, not a finger's.
 */

/**
 * Counts, from now on, the frames in which pin A moved on the screen: one when the map jumps to a
 * new view, one per frame of the way when it glides there.
 */
async function watchPinMotion(page: Page) {
  await page.evaluate(() => {
    const seen = { framesMoved: 0 };
    (window as unknown as { __pinMotion: typeof seen }).__pinMotion = seen;
    const place = () => {
      const box = document.querySelector('[data-pin="A"]')!.getBoundingClientRect();
      return `${Math.round(box.x)},${Math.round(box.y)}`;
    };
    let last = place();
    const frame = () => {
      const now = place();
      if (now !== last) seen.framesMoved += 1;
      last = now;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

const pinMotion = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __pinMotion: { framesMoved: number } }).__pinMotion.framesMoved,
  );

/** Pin A's frame count once it has not moved for 200 ms. */
const pinAtRest = (page: Page) => steadyValue(() => pinMotion(page));

/**
 * The recorded trip typed in, the map zoomed out (by its button) away from the trip's frame, then
 * quoted: the frames in which pin A moved as the map went back to frame the trip.
 */
async function quoteWatchingTheMap(page: Page) {
  await openSignedIn(page);
  await fillPoint(page, 'pickup', RECORDED_TRIP.pickup);
  await fillPoint(page, 'dropoff', RECORDED_TRIP.dropoff);
  await watchPinMotion(page);
  await page.locator('a.leaflet-control-zoom-out').click();
  const zoomingOut = await pinAtRest(page);
  await page.getByRole('button', { name: 'Cotizar' }).click();
  await expectRecordedTripQuote(resultCard(page));
  return { zoomingOut, framing: (await pinAtRest(page)) - zoomingOut };
}

test.describe('less motion asked for', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the map jumps: a zoom and the framing of the quoted trip each move the pins in one frame', async ({
    page,
  }) => {
    const framesMoved = await quoteWatchingTheMap(page);
    expect(framesMoved).toEqual({ zoomingOut: 1, framing: 1 });
  });
});

test.describe('no motion setting', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('the map glides: a zoom and the framing of the quoted trip move the pins over several frames', async ({
    page,
  }) => {
    const framesMoved = await quoteWatchingTheMap(page);
    expect(framesMoved.zoomingOut).toBeGreaterThan(2);
    expect(framesMoved.framing).toBeGreaterThan(2);
  });
});
