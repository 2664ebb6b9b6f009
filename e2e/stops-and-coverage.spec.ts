import type { Page, TestInfo } from '@playwright/test';
import {
  DURANGO_200_AND_HAVRE_30,
  RECORDED_TRIP,
  addDropoffs,
  countQuotesSent,
  expect,
  field,
  fillPoint,
  keepForReview,
  lookupLine,
  openSignedIn,
  pin,
  pointGroup,
  press,
  resultCard,
  tapMap,
  test,
} from './support/screen';
import { seriousViolations } from './support/axe';

/**
 * Issue 29, builds 4 and 6: a point out of coverage is said where it is put, before "Cotizar"; a
 * stop keeps its fields when others move, and a letter that changes is said; with many stops no
 * pin or leg number hides a letter.
 */

const SERVED =
  'Cubrimos Ciudad de México (y área metropolitana) y Guadalajara (área metropolitana).';

/** A folded stop (several stops, not the one being edited) opened to its fields. */
async function openFields(page: Page, letter: string, testInfo: TestInfo) {
  const street = field(page, letter, 'street');
  if (await street.isVisible()) return;
  await press(
    pointGroup(page, letter).getByRole('button', { name: /tocar para editar/ }),
    testInfo,
  );
  await expect(street).toBeVisible();
}

/**
 * Pin A dropped on the map west of the Mexico City zone: out to zoom 9, where the map's left edge
 * lies west of it, then a tap near that edge.
 */
async function dropPickupOutside(page: Page, testInfo: TestInfo) {
  // The map is at a zoom once every tile shown is of that zoom or lower: Leaflet keeps the last
  // zoom's tiles until the new ones are in, and may keep lower ones under tiles still loading.
  const zoomNow = () =>
    page
      .locator('img.leaflet-tile-loaded')
      .evaluateAll((tiles) =>
        tiles.length === 0
          ? Infinity
          : Math.max(
              ...tiles.map((tile) =>
                Number(new URL((tile as HTMLImageElement).src).pathname.split('/').at(-3)),
              ),
            ),
      );
  for (let zoom = await zoomNow(); zoom > 9; zoom = await zoomNow()) {
    // Pressed again when the map has not zoomed out 3 s later: in a clean clone's CI (a3bc3d2,
    // phone) one press left the map at zoom 12 for the poll's whole 10 s, a tap lost under load;
    // the same test passed 40 times in a row on the phone and the tablet at a lower load.
    await expect(async () => {
      await press(page.getByRole('button', { name: 'Alejar' }), testInfo);
      await expect.poll(zoomNow, { timeout: 3_000 }).toBeLessThan(zoom);
    }).toPass({ timeout: 20_000 });
    await page.waitForTimeout(300);
  }
  const box = (await page.locator('.leaflet-container').boundingBox())!;
  await tapMap(page, testInfo, -(box.width / 2 - 30), 0);
  await expect(pin(page, 'A')).toBeVisible();
  // West of the zone's westmost edge (-99.4): a tap that landed inside would fail the test that
  // calls this for the wrong reason.
  await expect(field(page, 'pickup', 'coordinates')).toHaveValue(/, -(99\.[5-9]|1\d\d\.)/);
}

test.describe('coverage at the point', () => {
  test('a pin dropped outside coverage is marked at once, the served areas named; Cotizar sends nothing @touch', async ({
    page,
  }, testInfo) => {
    const sent = countQuotesSent(page);
    await openSignedIn(page);
    await dropPickupOutside(page, testInfo);

    const pickup = pointGroup(page, 'pickup');
    await expect(pickup).toHaveAttribute('data-outside', 'true');
    await expect(pickup).toContainText(`Sin cobertura por ahora en este punto. ${SERVED}`);
    await expect(pin(page, 'A')).toHaveAttribute('data-outside', 'true');
    await expect(
      resultCard(page)
        .getByRole('alert')
        .filter({ hasText: 'La recolección (A) está fuera de cobertura.' }),
    ).toContainText(SERVED);

    // B inside Mexico City is not blamed; "Cotizar" says why it will not quote, and sends nothing.
    await tapMap(page, testInfo, 0, 0);
    await expect(pin(page, 'B')).toBeVisible();
    await expect(pointGroup(page, 'dropoff')).not.toHaveAttribute('data-outside', 'true');
    await expect(pin(page, 'B')).not.toHaveAttribute('data-outside');
    await expect(lookupLine(page, 'dropoff')).not.toHaveText(/Buscando|Looking/);
    await keepForReview(page, testInfo, 'pin-outside');
    await press(page.getByRole('button', { name: 'Cotizar' }), testInfo);
    await expect(
      resultCard(page).getByRole('alert').filter({ hasText: 'fuera de cobertura' }),
    ).toBeInViewport();
    await page.waitForTimeout(500);
    expect(sent.count).toBe(0);
  });

  test('Cotizar tapped while B’s address is still being looked up: what it said stays in view when the address comes @touch', async ({
    page,
    context,
  }, testInfo) => {
    await openSignedIn(page);
    await dropPickupOutside(page, testInfo);
    // B's address is held back until after "Cotizar" (on the context: the service worker's
    // requests pass there too).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await context.route('**/api/geocode/reverse**', async (route) => {
      await held;
      await route.continue();
    });
    await tapMap(page, testInfo, 0, 0);
    await expect(pin(page, 'B')).toBeVisible();
    await expect(lookupLine(page, 'dropoff')).toHaveText(/Buscando|Looking/);
    await press(page.getByRole('button', { name: 'Cotizar' }), testInfo);
    const said = resultCard(page).getByRole('alert').filter({ hasText: 'fuera de cobertura' });
    await expect(said).toBeInViewport();

    release();
    await expect(lookupLine(page, 'dropoff')).not.toHaveText(/Buscando|Looking/);
    // The pin's address arriving does not send the keyboard, and the view, to A's empty street:
    // the dispatcher's "Cotizar" came after the pin.
    await page.waitForTimeout(500);
    await expect(said).toBeInViewport();
    await expect(field(page, 'pickup', 'street')).not.toBeFocused();
  });

  test('typed Monterrey coordinates say “sin cobertura” before anything else @touch', async ({
    page,
  }, testInfo) => {
    const sent = countQuotesSent(page);
    await openSignedIn(page);
    await fillPoint(page, 'pickup', RECORDED_TRIP.pickup);
    await fillPoint(page, 'dropoff', RECORDED_TRIP.dropoff);

    // A moves to Monterrey's centre: its street, number, colonia and zip are from Juárez, CDMX.
    const coordinates = field(page, 'pickup', 'coordinates');
    await coordinates.fill('25.6866, -100.3161');
    await coordinates.press('Enter');
    const pickup = pointGroup(page, 'pickup');
    await expect(pickup).toHaveAttribute('data-outside', 'true');
    await expect(pickup).toContainText(`Sin cobertura por ahora en este punto. ${SERVED}`);
    // Said first: before the question about the fields left from Juárez.
    await expect(lookupLine(page, 'pickup')).not.toHaveText(/Buscando|Looking/);
    const text = (await pickup.innerText()).replace(/\s+/g, ' ');
    const coverageAt = text.indexOf('Sin cobertura');
    expect(coverageAt).toBeGreaterThan(-1);
    const earlierAt = text.indexOf('punto anterior');
    if (earlierAt >= 0) expect(coverageAt).toBeLessThan(earlierAt);
    await expect(resultCard(page).getByRole('alert')).toContainText(
      'La recolección (A) está fuera de cobertura.',
    );

    // "Cotizar" names coverage, asks for no field, and sends nothing.
    await press(page.getByRole('button', { name: 'Cotizar' }), testInfo);
    await expect(resultCard(page).getByRole('alert')).toContainText(SERVED);
    await expect(page.getByText('Es del punto anterior del pin')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.waitForTimeout(500);
    expect(sent.count).toBe(0);

    // Back in Mexico City, the mark goes.
    await coordinates.fill(RECORDED_TRIP.pickup.coordinates);
    await coordinates.press('Enter');
    await expect(pickup).not.toHaveAttribute('data-outside', 'true');
    await expect(pin(page, 'A')).not.toHaveAttribute('data-outside');
  });
});

test.describe('several stops told right', () => {
  test('D moved up says “D ahora es C” and keeps its fields; Quitar B, then Deshacer, brings B back with its fields @touch', async ({
    page,
  }, testInfo) => {
    await openSignedIn(page);
    await fillPoint(page, 'pickup', RECORDED_TRIP.pickup);
    await fillPoint(page, 'dropoff', RECORDED_TRIP.dropoff);
    await addDropoffs(page, DURANGO_200_AND_HAVRE_30, (button) => press(button, testInfo));
    const notice = page.getByTestId('letter-notice');
    await expect(notice).toHaveCount(0);

    await press(pointGroup(page, 'D').getByRole('button', { name: 'Subir Entrega (D)' }), testInfo);
    await expect(notice).toHaveText('Letras nuevas: D ahora es C y C ahora es D.');
    expect(await seriousViolations(page)).toEqual([]);
    await keepForReview(page, testInfo, 'letters-changed');
    await expect(notice).toBeInViewport();
    await expect(page.locator('[aria-live="polite"]').filter({ has: notice })).toHaveCount(1);
    // Beside "Cotizar", over no pin.
    await expect(page.locator('#quote-panel').getByTestId('letter-notice')).toBeVisible();
    await openFields(page, 'C', testInfo);
    await expect(field(page, 'C', 'street')).toHaveValue('Havre');
    await expect(field(page, 'C', 'exteriorNumber')).toHaveValue('30');
    await expect(field(page, 'C', 'coordinates')).toHaveValue('19.427200, -99.162200');
    await openFields(page, 'D', testInfo);
    await expect(field(page, 'D', 'street')).toHaveValue('Durango');

    // B goes: the two after it move up a letter, and that is said; "Deshacer" brings B back.
    await press(
      pointGroup(page, 'B').getByRole('button', { name: 'Quitar Entrega (B)' }),
      testInfo,
    );
    await expect(notice).toHaveText('Letras nuevas: C ahora es B y D ahora es C.');
    const undo = page.getByTestId('undo-change');
    await expect(undo).toContainText('Se quitó la entrega B.');
    await press(undo.getByRole('button', { name: 'Deshacer' }), testInfo);
    await expect(notice).toHaveText('Letras nuevas: B ahora es C y C ahora es D.');
    await openFields(page, 'B', testInfo);
    await expect(field(page, 'B', 'street')).toHaveValue('Sonora');
    await expect(field(page, 'B', 'exteriorNumber')).toHaveValue('180');
    await expect(field(page, 'B', 'interiorNumber')).toHaveValue('1');
    await expect(field(page, 'B', 'coordinates')).toHaveValue('19.413356, -99.167214');
    await openFields(page, 'C', testInfo);
    await expect(field(page, 'C', 'street')).toHaveValue('Havre');
  });

  test('nine drop-offs: no pin and no leg number hides a letter @touch', async ({
    page,
  }, testInfo) => {
    await openSignedIn(page);
    const box = (await page.locator('.leaflet-container').boundingBox())!;
    // Ten taps 110 px apart across and 70 px down (a pin is 52 × 66), snaking across the phone's
    // map inside the margin it keeps in view (a pin beyond it reframes the trip: 76 px at the top,
    // 72 at the bottom, components/map/frame-trip.tsx), clear of the zoom buttons. J goes below
    // the gap between G and H: below the gap between H and I (215, 262), its head took the spot
    // of leg 8's number, which then touched leg 4's (their boxes 1 px apart on the phone; the
    // placer now keeps numbers 4 px apart where it can, components/map/leg-label-spots.ts).
    const columns = [50, 160, 270];
    const rows = [80, 150, 220];
    const spots = [
      ...columns.map((x) => [x, rows[0]!]),
      ...[...columns].reverse().map((x) => [x, rows[1]!]),
      ...columns.map((x) => [x, rows[2]!]),
      [105, 262],
    ].map(([x, y]) => [x! - box.width / 2, y! - box.height / 2] as const);
    const letters = 'ABCDEFGHIJ';
    /** Where pin A's tip is drawn now, as an offset from the map's centre. */
    const pickupTip = async (): Promise<[number, number]> => {
      const head = (await pin(page, 'A').boundingBox())!;
      return [
        head.x + head.width / 2 - box.x - box.width / 2,
        head.y + head.height - box.y - box.height / 2,
      ];
    };
    /** The map has stopped moving (a pan it started itself, under load, may still be running). */
    const mapAtRest = async () => {
      const transform = () =>
        page.locator('.leaflet-map-pane').evaluate((pane) => getComputedStyle(pane).transform);
      let last = await transform();
      await expect
        .poll(async () => {
          await page.waitForTimeout(250);
          const now = await transform();
          const still = now === last;
          last = now;
          return still;
        })
        .toBe(true);
    };
    let shift = [0, 0];
    for (const [index, [dx, dy]] of spots.entries()) {
      await mapAtRest();
      if (index > 0) {
        const [x, y] = await pickupTip();
        shift = [x - spots[0]![0], y - spots[0]![1]];
      }
      if (index >= 2) {
        await press(page.getByRole('button', { name: 'Agregar entrega' }), testInfo);
        // The new stop is the one the next tap places.
        await expect(
          page.getByRole('radio', { name: `${letters[index]} · Entrega` }),
        ).toBeChecked();
      }
      // Each tap as far from A as planned, should the map have panned since A went down.
      await tapMap(page, testInfo, dx + shift[0]!, dy + shift[1]!);
      await expect(pin(page, letters[index]!)).toBeVisible();
      // Its address is in before the next stop is added (as a dispatcher would see it).
      await expect(pointGroup(page, letters[index]!)).toContainText(
        'Falta escribir: calle y número exterior.',
      );
    }
    await expect(page.getByRole('button', { name: 'Agregar entrega' })).toBeDisabled();

    const legNumbers = page.locator(
      '.leaflet-marker-pane > .leaflet-marker-icon:not(:has([data-pin]))',
    );
    await expect(legNumbers).toHaveCount(9);
    const drawn = await page.evaluate(() => {
      const rect = (element: Element) => {
        const { left, top, right, bottom } = element.getBoundingClientRect();
        return { left, top, right, bottom };
      };
      const pins = [...document.querySelectorAll('[data-pin]')].map((element) => {
        const head = element.firstElementChild!;
        const box = rect(head);
        const centre = { x: (box.left + box.right) / 2, y: (box.top + box.bottom) / 2 };
        const top = document.elementFromPoint(centre.x, centre.y);
        return {
          letter: element.getAttribute('data-pin')!,
          head: box,
          // The letter is what a finger or an eye meets at the head's centre.
          onTop: top?.closest('[data-pin]')?.getAttribute('data-pin') ?? null,
          // Nothing but the letter: no name tag beside the head to cover the next pin.
          text: element.textContent,
        };
      });
      const legs = [
        ...document.querySelectorAll(
          '.leaflet-marker-pane > .leaflet-marker-icon:not(:has([data-pin]))',
        ),
      ].map((element) => ({ number: element.textContent, box: rect(element) }));
      return { pins, legs };
    });
    type Box = (typeof drawn.pins)[number]['head'];
    const overlap = (a: Box, b: Box) =>
      a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;

    expect(drawn.pins.map((p) => [p.letter, p.onTop, p.text])).toEqual(
      [...letters].map((letter) => [letter, letter, letter]),
    );
    const hidden: string[] = [];
    for (const leg of drawn.legs) {
      for (const p of drawn.pins) {
        if (overlap(leg.box, p.head)) hidden.push(`leg ${leg.number} over pin ${p.letter}`);
      }
      for (const other of drawn.legs) {
        if (other !== leg && overlap(leg.box, other.box))
          hidden.push(`leg ${leg.number} over leg ${other.number}`);
      }
    }
    for (const [i, a] of drawn.pins.entries()) {
      for (const b of drawn.pins.slice(i + 1)) {
        if (overlap(a.head, b.head)) hidden.push(`pin ${a.letter} over pin ${b.letter}`);
      }
    }
    expect(hidden).toEqual([]);
    await keepForReview(page, testInfo, 'nine-dropoffs');
  });
});

test('"Agregar entrega" folds the other stops and gives them their buttons in the tap’s own update: nothing moves under the next tap', async ({
  page,
}) => {
  await openSignedIn(page);
  await fillPoint(page, 'pickup', RECORDED_TRIP.pickup);
  await fillPoint(page, 'dropoff', RECORDED_TRIP.dropoff);
  // Read once React has drawn the click's update (a microtask after it), before any later task:
  // a part fetched on demand comes at least a task later and pushes down whatever the next tap
  // was aimed at.
  const drawn = await page.evaluate(async () => {
    const add = [...document.querySelectorAll('button')].find((button) =>
      button.textContent?.includes('Agregar entrega'),
    );
    add?.click();
    await Promise.resolve();
    const buttons = (letter: string) => [
      ...document.querySelectorAll(`fieldset[data-stop="${letter}"] button`),
    ];
    return {
      folded: ['A', 'B'].filter((letter) =>
        buttons(letter).some((button) => button.textContent?.includes('tocar para editar')),
      ),
      removable: ['B', 'C'].filter((letter) =>
        buttons(letter).some((button) => button.textContent === 'Quitar'),
      ),
    };
  });
  expect(drawn).toEqual({ folded: ['A', 'B'], removable: ['B', 'C'] });
});
