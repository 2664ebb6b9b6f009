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
 * Counts, from now on, the frames in which pin A moved on the screen (one when the map jumps to a
 * new view, one per frame of the way when it glides there) and the glides the map began: Leaflet
 * marks its pane `leaflet-zoom-anim` or `leaflet-pan-anim` for as long as one lasts. The frames a
 * glide is drawn in depend on the machine (a main thread busy past its quarter second draws it in
 * one frame); that the map glided does not.
 */
async function watchPinMotion(page: Page) {
  await page.evaluate(() => {
    const seen = { framesMoved: 0, glides: 0 };
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
    const pane = document.querySelector('.leaflet-map-pane')!;
    const gliding = () => /\bleaflet-(zoom|pan)-anim\b/.test(pane.className);
    let wasGliding = gliding();
    new MutationObserver(() => {
      if (gliding() && !wasGliding) seen.glides += 1;
      wasGliding = gliding();
    }).observe(pane, { attributes: true, attributeFilter: ['class'] });
  });
}

type PinMotion = { framesMoved: number; glides: number };

const pinMotion = (page: Page) =>
  page.evaluate(() => ({ ...(window as unknown as { __pinMotion: PinMotion }).__pinMotion }));

/** Pin A's frames and the map's glides so far, once the pin has not moved for 200 ms. */
async function pinAtRest(page: Page): Promise<PinMotion> {
  await steadyValue(async () => (await pinMotion(page)).framesMoved);
  return pinMotion(page);
}

/**
 * The recorded trip typed in, the map zoomed out (by its button) away from the trip's frame, then
 * quoted: how pin A moved as the map zoomed out, and as it went back to frame the trip.
 */
async function quoteWatchingTheMap(page: Page, beforeQuote?: () => Promise<void>) {
  await openSignedIn(page);
  await fillPoint(page, 'pickup', RECORDED_TRIP.pickup);
  await fillPoint(page, 'dropoff', RECORDED_TRIP.dropoff);
  await watchPinMotion(page);
  await page.locator('a.leaflet-control-zoom-out').click();
  const zoomingOut = await pinAtRest(page);
  await beforeQuote?.();
  await page.getByRole('button', { name: 'Cotizar' }).click();
  await expectRecordedTripQuote(resultCard(page));
  const after = await pinAtRest(page);
  return {
    zoomingOut,
    framing: {
      framesMoved: after.framesMoved - zoomingOut.framesMoved,
      glides: after.glides - zoomingOut.glides,
    },
  };
}

test.describe('less motion asked for', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the map jumps: a zoom and the framing of the quoted trip each move the pins in one frame', async ({
    page,
  }) => {
    expect(await quoteWatchingTheMap(page)).toEqual({
      zoomingOut: { framesMoved: 1, glides: 0 },
      framing: { framesMoved: 1, glides: 0 },
    });
  });
});

test.describe('no motion setting', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('the map glides: a zoom and the framing of the quoted trip each move the pins in a glide', async ({
    page,
  }) => {
    const { zoomingOut, framing } = await quoteWatchingTheMap(page);
    // One glide each, seen as the pin moving (over several frames on a machine with time to spare).
    expect(zoomingOut.glides).toBe(1);
    expect(framing.glides).toBe(1);
    expect(zoomingOut.framesMoved).toBeGreaterThan(0);
    expect(framing.framesMoved).toBeGreaterThan(0);
  });
});

test.describe('the setting changed with the screen open', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('counts from the next motion: the map glides out, then jumps to frame the quoted trip', async ({
    page,
  }) => {
    const { zoomingOut, framing } = await quoteWatchingTheMap(page, () =>
      page.emulateMedia({ reducedMotion: 'reduce' }),
    );
    expect(zoomingOut.glides).toBe(1);
    expect(framing).toEqual({ framesMoved: 1, glides: 0 });
  });
});
