import {
  test as base,
  expect,
  type BrowserContext,
  type Cookie,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { hostRules, startTileServer, type TileServer, type WorkerTileServer } from './tile-server';

export { expect };
export { TILE_HEADERS, type TileServer } from './tile-server';

/**
 * `test.use(WITH_SERVICE_WORKER)` in a spec whose point is what the app's service worker does
 * (offline, kept tiles, sign-out, a silent console), or whose tests on the tablet and the phone
 * reload the screen or go from page to page (the worker serves those pages on a dispatcher's
 * device): it runs there on every profile. Elsewhere it is blocked (playwright.config.ts).
 */
export const WITH_SERVICE_WORKER = { serviceWorkers: 'allow' } as const;

export const DEMO = { email: 'dispatcher@example.com', password: 'demo-password' };

/**
 * The recorded trip (docs/courier-api.md): 1.58 km, $35.00, 28 min, by bicycle, zone cdmx. `fromPin`
 * is what the built-in geocoder fills from each pin (its nearest colonia in the gazetteer).
 */
export const RECORDED_TRIP = {
  pickup: {
    street: 'Varsovia',
    exteriorNumber: '36',
    neighborhood: 'Juárez',
    zipCode: '06600',
    coordinates: '19.4245207, -99.1676911',
    fromPin: { neighborhood: 'Juárez', zipCode: '06600' },
  },
  dropoff: {
    street: 'Sonora',
    exteriorNumber: '180',
    interiorNumber: '1',
    neighborhood: 'Hipódromo',
    zipCode: '06100',
    coordinates: '19.4133562, -99.1672142',
    fromPin: { neighborhood: 'Hipódromo', zipCode: '06100' },
  },
};

/**
 * Every test runs offline from the internet: the servers take their map tiles from a host only the
 * browser knows (TILE_HOST), which each worker's browser sends to its own stand-in tile server,
 * and any other name but the loopback's resolves to nothing (tile-server.ts). No route is set on
 * the page: a route pauses every request of the page for the test's process to decide, which cost
 * about a sixth of Chromium's and Playwright's CPU for a signed-in page load.
 */
export const test = base.extend<
  { tileServer: TileServer; serverOfTest: void },
  { workerTiles: WorkerTileServer }
>({
  workerTiles: [
    async ({}, use) => {
      const tiles = await startTileServer();
      await use(tiles);
      await tiles.close();
    },
    { scope: 'worker' },
  ],
  launchOptions: [
    async ({ launchOptions, workerTiles }, use) => {
      await use({
        ...launchOptions,
        args: [...(launchOptions.args ?? []), hostRules(workerTiles.port)],
      });
    },
    { scope: 'worker' },
  ],
  serverOfTest: [
    async ({ baseURL }, use) => {
      serverOfTest = baseURL ?? '';
      await use();
    },
    { auto: true },
  ],
  /** The worker's tile server, reachable and with empty logs at the start of each test. */
  tileServer: [
    async ({ workerTiles }, use) => {
      workerTiles.reset();
      await use(workerTiles);
    },
    { auto: true },
  ],
});

/**
 * A picture of the screen, attached to the test's report for a person to look at (the journeys
 * checked by eye, docs/testing.md). It judges nothing, so a CI run, whose reports nobody opens,
 * does not take it: the suite's ~50 cost ~17 s of CPU there (0.33 s and 210 ms of the test's time
 * each, on the tablet, 2026-11-27).
 */
export async function keepForReview(
  page: Page,
  testInfo: TestInfo,
  name: string,
  { fullPage = false } = {},
) {
  if (process.env.CI) return;
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

export const isTouch = (testInfo: TestInfo) => Boolean(testInfo.project.use.hasTouch);

/** A finger's tap on the touch profiles, a click on the desktop. */
export const press = (target: Locator, testInfo: TestInfo) =>
  isTouch(testInfo) ? target.tap() : target.click();

export async function signIn(page: Page, { expectScreen = true } = {}) {
  await page.getByLabel(/^(Correo electrónico|E-mail)$/).fill(DEMO.email);
  await page.getByLabel(/^(Contraseña|Password)$/).fill(DEMO.password);
  await page.getByRole('button', { name: /^(Entrar|Sign in)$/ }).click();
  if (expectScreen) await expect(page.getByRole('button', { name: 'Cotizar' })).toBeVisible();
}

/**
 * The cookies of the demo dispatcher's last sign-in, per server and device profile, in this
 * worker: a test that only needs to be signed in starts from them instead of the sign-in page
 * (a page load and a password check saved per test; `e2e/sign-in.spec.ts` tests the sign-in
 * itself). A session ended meanwhile (a test signed out) sends the page to sign in: it signs in
 * again and keeps the new cookies.
 */
const signedInCookies = new Map<string, Cookie[]>();
/** The server the running test talks to (its baseURL, which `test.use` may change). */
let serverOfTest = '';

/** Opens the quote screen signed in, with an empty draft (the device's storage is the test's own). */
export async function openSignedIn(page: Page) {
  const key = `${base.info().project.name} ${serverOfTest}`;
  const kept = signedInCookies.get(key);
  if (kept) await page.context().addCookies(kept);
  await page.goto('/');
  if (kept && !/\/sign-in/.test(page.url())) return waitForMap(page);
  await expect(page).toHaveURL(/\/sign-in/);
  await signIn(page);
  await waitForMap(page);
  signedInCookies.set(key, await page.context().cookies(page.url()));
}

/**
 * Signs `context` in as the demo dispatcher without opening any page, for a test that opens the
 * screen its own way (its scripts held back, or in another context given the cookies): the request
 * the sign-in form sends. Opening the screen only to be signed in cost ~2 s of CPU a test
 * (docs/testing.md, "Thirteenth reading").
 */
export async function signInWithoutOpening(context: BrowserContext) {
  const response = await context.request.post('/api/session', {
    data: DEMO,
    headers: { origin: serverOfTest },
  });
  expect(response.status(), 'POST /api/session').toBe(200);
}

/**
 * Reads `read()` until two reads in a row agree (compared as JSON), and resolves with that value:
 * a map, a pin or a count that has stopped changing.
 */
export async function steadyValue<T>(read: () => Promise<T>, { intervalMs = 200 } = {}) {
  let last: string | undefined;
  let value: T | undefined;
  await expect
    .poll(
      async () => {
        value = await read();
        const now = JSON.stringify(value);
        const still = now === last;
        last = now;
        return still;
      },
      { intervals: [intervalMs] },
    )
    .toBe(true);
  return value as T;
}

export async function waitForMap(page: Page) {
  await expect(page.locator('.leaflet-container')).toBeVisible();
  await expect(page.locator('.leaflet-tile-loaded').first()).toBeVisible();
}

/**
 * A stop's group of fields: 'pickup' (A), 'dropoff' (B, the first drop-off), or a letter. Not a
 * copy inside a hidden container: React streams the fields' boundary in a hidden `div` and moves
 * it in at the next frame; if React renders the fields on the client before that frame (a rare
 * update during hydration, see components/quote/views/quote-panel.tsx), the hidden copy stays
 * for that frame.
 */
export const pointGroup = (page: Page, point: 'pickup' | 'dropoff' | string) =>
  page.locator(
    `fieldset[data-stop="${point === 'pickup' ? 'A' : point === 'dropoff' ? 'B' : point}"]:not([hidden] *)`,
  );

/** Taps (touch profiles) or clicks (desktop) the map at an offset from its centre. */
export async function tapMap(page: Page, testInfo: TestInfo, dx: number, dy: number) {
  const map = page.locator('.leaflet-container');
  const box = (await map.boundingBox())!;
  const position = { x: box.width / 2 + dx, y: box.height / 2 + dy };
  if (isTouch(testInfo)) await map.tap({ position });
  else await map.click({ position });
}

/** A point on the page, in CSS pixels. */
export type Point = { x: number; y: number };

/** A finger put down at `from`, slid to `to` in five steps, and lifted (touch profiles). */
export async function slide(page: Page, from: Point, to: Point) {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: Point[]) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points });
  await touch('touchStart', [from]);
  for (let step = 1; step <= 5; step++) {
    const at = {
      x: from.x + ((to.x - from.x) * step) / 5,
      y: from.y + ((to.y - from.y) * step) / 5,
    };
    await touch('touchMove', [at]);
  }
  await touch('touchEnd', []);
  await cdp.detach();
}

export const pin = (page: Page, letter: string) => page.locator(`[data-pin="${letter}"]`);

type PointText = Partial<
  Record<
    'street' | 'exteriorNumber' | 'interiorNumber' | 'neighborhood' | 'zipCode' | 'coordinates',
    string
  >
> & {
  /**
   * What the pin's lookup must fill, checked before anything is typed over it: the colonia and zip
   * code, or `nothing` where the geocoder knows no address. Unsaid, the lookup must still have
   * found an address.
   */
  fromPin?: { neighborhood: string; zipCode: string } | 'nothing';
};

const LABELS = {
  street: /^(Calle|Street)$/,
  exteriorNumber: /^(Número exterior|Exterior number)$/,
  interiorNumber: /^(Número interior|Interior number)/,
  neighborhood: /^(Colonia|Neighborhood)/,
  zipCode: /^(Código postal|ZIP code)/,
  coordinates: /^(Coordenadas|Coordinates)/,
} as const;

export const field = (
  page: Page,
  point: 'pickup' | 'dropoff' | string,
  name: keyof typeof LABELS,
): Locator => pointGroup(page, point).getByLabel(LABELS[name]);

/**
 * Types a point as a dispatcher would: the coordinates first (committed with Enter, which moves
 * the pin and fills what the geocoder knows), then the address fields over whatever it filled.
 * The lookup must have found an address (and filled `fromPin`'s colonia and zip code, when given),
 * unless `fromPin` is `nothing`: then it must say it found none.
 */
export async function fillPoint(page: Page, point: 'pickup' | 'dropoff' | string, text: PointText) {
  if (text.coordinates !== undefined) {
    const coordinates = field(page, point, 'coordinates');
    await coordinates.fill(text.coordinates);
    await coordinates.press('Enter');
    // The pin moved there: the field shows where the pin now is, to six decimals.
    await expect(coordinates).toHaveValue(sixDecimals(text.coordinates));
    await expect(lookupLine(page, point)).toHaveText(
      text.fromPin === 'nothing' ? LOOKUP_FOUND_NOTHING : LOOKUP_FOUND,
    );
    if (text.fromPin && text.fromPin !== 'nothing') {
      await expect(field(page, point, 'neighborhood')).toHaveValue(text.fromPin.neighborhood);
      await expect(field(page, point, 'zipCode')).toHaveValue(text.fromPin.zipCode);
    }
  }
  for (const name of [
    'street',
    'exteriorNumber',
    'interiorNumber',
    'neighborhood',
    'zipCode',
  ] as const) {
    if (text[name] !== undefined) await field(page, point, name).fill(text[name]);
  }
}

/** "19.4245207, -99.1676911" as the coordinates field shows a pin's place: "19.424521, -99.167691". */
const sixDecimals = (coordinates: string) =>
  coordinates
    .split(',')
    .map((part) => Number(part).toFixed(6))
    .join(', ');

/** A pin's lookup found an address (or the pin stayed where it was). */
export const LOOKUP_FOUND = /Del pin|El pin no cambió|From the pin|did not change/;
/** A pin's lookup found no address there. */
export const LOOKUP_FOUND_NOTHING = /No encontramos|found no address/;

/** The line under a point's fields that says what its pin's lookup filled. */
export const lookupLine = (page: Page, point: 'pickup' | 'dropoff' | string) =>
  pointGroup(page, point).locator('p[aria-live]').last();

/**
 * Counts what a dispatcher does: every tap or click and every character typed, so a test can
 * say how much work a first quote takes.
 */
export class Effort {
  taps = 0;
  typed = 0;

  constructor(private readonly testInfo: TestInfo) {}

  async tap(target: Locator, options?: { position?: { x: number; y: number } }) {
    this.taps++;
    if (isTouch(this.testInfo)) await target.tap(options);
    else await target.click(options);
  }

  /** Types into a field, tapping it first unless it already has the focus (that tap counts). */
  async type(target: Locator, text: string) {
    if (!(await target.evaluate((element) => element === document.activeElement))) {
      await this.tap(target);
    }
    this.typed += text.length;
    await target.page().keyboard.type(text);
  }

  /** A tap on the map at an offset from its centre. */
  async tapMap(page: Page, dx: number, dy: number) {
    const map = page.locator('.leaflet-container');
    const box = (await map.boundingBox())!;
    await this.tap(map, { position: { x: box.width / 2 + dx, y: box.height / 2 + dy } });
  }
}

/** What "Compartir" handed to the device's share sheet (the whole text), in order. */
export async function recordShares(page: Page) {
  await page.addInitScript(() => {
    const shared: string[] = [];
    (window as unknown as { shared: string[] }).shared = shared;
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async ({ text }: { text: string }) => void shared.push(text),
    });
  });
  return () => page.evaluate(() => (window as unknown as { shared: string[] }).shared);
}

export const resultCard = (page: Page) =>
  page.locator('section[aria-labelledby="quote-result-title"]');

/**
 * Resolves once every request the page started before this call has reached the test's
 * listeners: the page fetches a marker URL and the test waits for that request, which the browser
 * reports after every earlier one. "No other request was sent" then needs no fixed wait.
 */
export async function requestsReported(page: Page) {
  const marker = `/manifest.webmanifest?marker=${Date.now()}-${Math.random()}`;
  await Promise.all([
    page.waitForRequest((request) => request.url().endsWith(marker)),
    page.evaluate(
      (url) =>
        fetch(url, { method: 'HEAD', cache: 'no-store' }).then(
          () => undefined,
          () => undefined,
        ),
      marker,
    ),
  ]);
}

/** Resolves after the page has painted twice: whatever an answer set off has been rendered. */
export async function nextFrames(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
}

/**
 * The recorded trip's quote on the card. $35.00 alone would fit any trip up to 3 km, either way
 * round: its 1.58 km and 28 minutes tell it apart.
 */
export async function expectRecordedTripQuote(card: Locator) {
  await expect(card.getByTestId('quote-total')).toHaveText('$35.00');
  await expect(card.getByTestId('quote-distance')).toHaveText('1.58 km');
  await expect(card.getByTestId('quote-eta')).toContainText('· 28 min');
}

/** Fills in the recorded trip, quotes it and waits for its figures on the card. */
export async function quoteRecordedTrip(page: Page) {
  await fillPoint(page, 'pickup', RECORDED_TRIP.pickup);
  await fillPoint(page, 'dropoff', RECORDED_TRIP.dropoff);
  await page.getByRole('button', { name: 'Cotizar' }).click();
  await expectRecordedTripQuote(resultCard(page));
}

/**
 * The map tiles drawn now (their URLs), once the page's worker has kept every one of them. Read
 * again at each try: a map that settles (a pin framed, a zoom) draws other tiles than it did a
 * moment before, and the ones it dropped need not be kept.
 */
export async function tilesKept(page: Page): Promise<string[]> {
  let drawn: string[] = [];
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const urls = [...document.querySelectorAll('img.leaflet-tile-loaded')].map(
            (image) => (image as HTMLImageElement).src,
          );
          if (!navigator.serviceWorker.controller || urls.length === 0)
            return { urls, kept: false };
          const cache = await caches.open('dq-tiles');
          const kept = await Promise.all(urls.map((url) => cache.match(url)));
          return { urls, kept: kept.every(Boolean) };
        }),
      { timeout: 30_000 },
    )
    .toMatchObject({ kept: true });
  drawn = await page
    .locator('img.leaflet-tile-loaded')
    .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src));
  expect(drawn.length).toBeGreaterThan(0);
  return drawn;
}

/** Quote requests the page sends from now on (whether or not an answer comes back). */
export function countQuotesSent(page: Page) {
  const sent = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/quote') {
      sent.count++;
    }
  });
  return sent;
}

/** The three-stop trip's C and D after the recorded A and B: Durango 200, then Havre 30. */
export const DURANGO_200_AND_HAVRE_30 = [
  { letter: 'C', coordinates: '19.4205, -99.1625', street: 'Durango', exteriorNumber: '200' },
  { letter: 'D', coordinates: '19.4272, -99.1622', street: 'Havre', exteriorNumber: '30' },
] as const;

/** Adds drop-offs with "Agregar entrega", each given by its coordinates, street and number. */
export async function addDropoffs(
  page: Page,
  stops: ReadonlyArray<
    { letter: string } & Pick<PointText, 'coordinates' | 'street' | 'exteriorNumber'>
  >,
  press: (button: Locator) => Promise<void> = (button) => button.click(),
) {
  for (const { letter, ...text } of stops) {
    await press(page.getByRole('button', { name: 'Agregar entrega' }));
    await fillPoint(page, letter, text);
  }
}
