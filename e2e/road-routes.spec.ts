import type { Page, TestInfo } from '@playwright/test';
import { serverOfItsOwn } from './support/app-process';
import { startAppWithOsrm, type OsrmApp } from './support/osrm-app';
import {
  RECORDED_TRIP,
  expect,
  fillPoint,
  openSignedIn,
  pin,
  quoteRecordedTrip,
  resultCard,
  steadyValue,
  tapMap,
  test as base,
} from './support/screen';

/**
 * The line on the map: along the roads when a router is configured (here OSRM's stand-in, whose
 * streets are a grid: a rider goes south or north first, then east or west, turning once), and
 * straight lines, said to be straight, when none is (the suite's own server, ROUTER unset).
 */

interface ScreenPoint {
  x: number;
  y: number;
}

interface MapSnapshot {
  /** Where each pin stands (the tip of its pointer), by letter. */
  pins: Record<string, ScreenPoint>;
  /** Each road leg's line, by leg number: its vertices on screen and its colour. */
  legs: Record<number, { points: ScreenPoint[]; stroke: string | null }>;
}

/**
 * The pins and the road legs' lines as they are on screen at one moment (read in one go, so a
 * scroll or a pan in between cannot shift one against the other): each line's SVG path vertices
 * through the map's transforms, each pin's tip at the bottom middle of its icon.
 */
async function mapSnapshot(page: Page): Promise<MapSnapshot> {
  await page.locator('.leaflet-container').scrollIntoViewIfNeeded();
  return page.evaluate(() => {
    const pins: Record<string, { x: number; y: number }> = {};
    for (const element of document.querySelectorAll<HTMLElement>('[data-pin]')) {
      const box = element.getBoundingClientRect();
      pins[element.dataset.pin!] = { x: box.left + box.width / 2, y: box.bottom };
    }
    const legs: Record<number, { points: { x: number; y: number }[]; stroke: string | null }> = {};
    for (const path of document.querySelectorAll<SVGPathElement>('path.trip-road-leg')) {
      const leg = Number(/trip-road-leg-(\d+)/.exec(path.getAttribute('class') ?? '')?.[1]);
      const numbers = (path.getAttribute('d') ?? '').match(/-?\d+(?:\.\d+)?/g)?.map(Number) ?? [];
      const matrix = path.getScreenCTM()!;
      const points: { x: number; y: number }[] = [];
      for (let i = 0; i + 1 < numbers.length; i += 2) {
        const point = new DOMPoint(numbers[i], numbers[i + 1]).matrixTransform(matrix);
        points.push({ x: point.x, y: point.y });
      }
      legs[leg] = { points, stroke: path.getAttribute('stroke') };
    }
    return { pins, legs };
  });
}

/** Waits until the map holds still (no pan or scroll between two reads), then reads it. */
const settledMap = (page: Page): Promise<MapSnapshot> => steadyValue(() => mapSnapshot(page));

const near = (a: ScreenPoint, b: ScreenPoint, px = 3) =>
  Math.abs(a.x - b.x) <= px && Math.abs(a.y - b.y) <= px;

/** Counts the screen's requests for routes from now on. */
function routeRequests(page: Page) {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/road-route') seen.push(request.url());
  });
  return seen;
}

/** Signed in, with the pickup and the drop-off tapped on the map, `dx, dy` either side of its centre. */
async function tapTwoPins(page: Page, testInfo: TestInfo, [dx, dy] = [60, 50]) {
  await openSignedIn(page);
  await tapMap(page, testInfo, -dx, -dy);
  await tapMap(page, testInfo, dx, dy);
}

/** The stops joined by one dashed straight line and no road line, the label saying why. */
async function expectStraightLines(page: Page, label: string) {
  await expect(page.getByTestId('route-label')).toHaveText(label);
  await expect(page.locator('.leaflet-overlay-pane path[stroke-dasharray="10 8"]')).toHaveCount(1);
  await expect(page.locator('path.trip-road-leg-1')).toHaveCount(0);
}

base.describe('without a router (ROUTER=none, the suite server)', () => {
  base(
    'the stops are joined by straight lines, labelled as such; the km is approximate',
    async ({ page }, testInfo) => {
      const routes = routeRequests(page);
      await tapTwoPins(page, testInfo);
      await expectStraightLines(page, 'Líneas rectas, no la ruta por calles');

      await quoteRecordedTrip(page);
      await expect(resultCard(page).getByTestId('distance-note')).toHaveText(
        'distancia aproximada',
      );
      // Nothing to ask: with no router the screen draws the straight lines itself.
      expect(routes).toEqual([]);
    },
  );
});

const test = base.extend<object, { osrmApp: OsrmApp }>({
  osrmApp: serverOfItsOwn(startAppWithOsrm),
  baseURL: async ({ osrmApp }, provide) => provide(osrmApp.baseURL),
});

// The road line under the pins is checked on every device (@layout); the rest on desktop alone.
// A project runs only the tests its grep selects (playwright.config.ts), so the OSRM app (a
// worker fixture) starts only where one of them runs.
test.describe('with OSRM (ROUTER=osrm)', () => {
  test.beforeEach(({ osrmApp }) => {
    osrmApp.osrm.behave('normal');
  });

  test("the line follows OSRM's geometry along the streets, under the pins @layout", async ({
    page,
  }, testInfo) => {
    await tapTwoPins(page, testInfo);
    await expect(page.locator('path.trip-road-leg-1')).toBeAttached();
    const { pins, legs } = await settledMap(page);
    const [a, b] = [pins.A!, pins.B!];
    const { points, stroke } = legs[1]!;
    // From A, south along A's meridian to B's parallel, then east to B: a corner where a straight
    // line has none.
    expect(points.length).toBeGreaterThanOrEqual(3);
    expect(near(points[0]!, a)).toBe(true);
    expect(near(points.at(-1)!, b)).toBe(true);
    expect(points.some((point) => near(point, { x: a.x, y: b.y }))).toBe(true);
    expect(stroke).toBe('#0b57d0');
    // The line is drawn under the pins, and nothing says it is straight.
    await expect(page.locator('.leaflet-overlay-pane path.trip-road-leg-1')).toBeAttached();
    await expect(page.getByTestId('route-label')).toHaveCount(0);
  });

  test("with several drop-offs each leg is drawn in its stop's colour @layout", async ({
    page,
  }, testInfo) => {
    await openSignedIn(page);
    await tapMap(page, testInfo, -70, -60);
    await tapMap(page, testInfo, 60, 10);
    await page.getByRole('button', { name: 'Agregar entrega' }).click();
    await tapMap(page, testInfo, -40, 70);
    await expect(page.locator('path.trip-road-leg-2')).toBeAttached();
    const { pins, legs } = await settledMap(page);
    const [first, second] = [legs[1]!, legs[2]!];
    expect(first.stroke).toBe('#b93a0b');
    expect(second.stroke).toBe('#7b1fa2');
    const [b, c] = [pins.B!, pins.C!];
    expect(near(first.points.at(-1)!, b)).toBe(true);
    expect(near(second.points[0]!, b)).toBe(true);
    expect(second.points.some((point) => near(point, { x: b.x, y: c.y }))).toBe(true);
  });

  test('the route is asked for once a dragged pin settles, not while it moves', async ({
    page,
  }, testInfo) => {
    await tapTwoPins(page, testInfo);
    await expect(page.locator('path.trip-road-leg-1')).toBeAttached();
    await settledMap(page);
    const routes = routeRequests(page);
    const box = (await pin(page, 'B').boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + 20];
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let step = 1; step <= 6; step++) await page.mouse.move(x + step * 10, y + step * 6);
    expect(routes).toEqual([]);
    await page.mouse.up();
    await expect.poll(() => routes.length).toBe(1);
    const { pins, legs } = await settledMap(page);
    expect(near(legs[1]!.points.at(-1)!, pins.B!)).toBe(true);
  });

  test("the result shows the road route's km beside the courier's when they differ by more than 15 %", async ({
    page,
  }) => {
    await openSignedIn(page);
    // The courier's 1.58 km against the stand-in's 1.29 km of road: 18 % apart.
    await quoteRecordedTrip(page);
    await expect(resultCard(page).getByTestId('distance-note')).toHaveText(
      'ruta por calles: 1.29 km',
    );
  });

  test('a slow router never holds up the quote: the quote comes while the route is on its way', async ({
    page,
    osrmApp,
  }) => {
    await openSignedIn(page);
    // The router answers nothing until the quote is on the screen: were the quote to wait for
    // the route, it would never come.
    const release = osrmApp.osrm.hold();
    try {
      await fillPoint(page, 'pickup', RECORDED_TRIP.pickup);
      // A drop-off a few metres from the recorded one: a route no other test has asked for, so
      // the server's route cache cannot answer it without the router.
      await fillPoint(page, 'dropoff', {
        ...RECORDED_TRIP.dropoff,
        coordinates: '19.4134100, -99.1672900',
      });
      await page.getByRole('button', { name: 'Cotizar' }).click();
      await expect(resultCard(page).getByTestId('quote-total')).toHaveText('$35.00');
      // The route is still with the router: no road line yet, and nothing said about the km.
      await expect.poll(() => osrmApp.osrm.requests.length).toBeGreaterThan(0);
      await expect(page.locator('path.trip-road-leg-1')).toHaveCount(0);
      await expect(resultCard(page).getByTestId('distance-note')).toHaveCount(0);
    } finally {
      release();
    }
    await expect(page.locator('path.trip-road-leg-1')).toBeAttached();
    await expect(resultCard(page).getByTestId('distance-note')).toHaveText(
      /^ruta por calles: 1\.\d\d km$/,
    );
  });

  test('when OSRM fails, the straight lines come back with a note saying so', async ({
    page,
    osrmApp,
  }, testInfo) => {
    osrmApp.osrm.behave('server-error');
    await tapTwoPins(page, testInfo, [50, 40]);
    await expectStraightLines(
      page,
      'No pudimos trazar la ruta por calles: se muestran líneas rectas.',
    );
  });
});
