import type { Page } from '@playwright/test';
import {
  Effort,
  expect,
  expectRecordedTripQuote,
  field,
  fillPoint,
  lookupLine,
  openSignedIn,
  pin,
  pointGroup,
  quoteRecordedTrip,
  resultCard,
  tapMap,
  test,
} from './support/screen';

/** Every POST /api/quote the page sends, with the street of each point it asked for. */
function watchQuotes(page: Page) {
  const sent: Array<{ pickup: string; dropoff: string }> = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/quote') {
      const body = request.postDataJSON() as {
        pickup: { street: string };
        dropoffs: Array<{ street: string }>;
      };
      sent.push({ pickup: body.pickup.street, dropoff: body.dropoffs[0]!.street });
    }
  });
  return sent;
}

/** Drags a pin by an offset in screen pixels, as a finger or a mouse would. */
async function dragPin(page: Page, letter: 'A' | 'B', dx: number, dy: number) {
  // Once the pin stands still and takes the pointer at its head (a view still moving would send
  // the drag beside it).
  await pin(page, letter).hover({ trial: true, position: { x: 26, y: 20 } });
  const box = (await pin(page, letter).boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + 20;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= 6; step++) {
    await page.mouse.move(x + (dx * step) / 6, y + (dy * step) / 6);
  }
  await page.mouse.up();
}

/**
 * The two pins' boxes lie inside the map's, with at least `margin` px to spare on every side, once
 * the map has framed the trip (it pans and zooms with an animation: measured mid-way, a pin can
 * still be on its way in).
 */
async function pinsFramed(page: Page, margin: number) {
  await expect(async () => {
    const map = (await page.locator('.leaflet-container').boundingBox())!;
    for (const letter of ['A', 'B'] as const) {
      // Playwright's actionability check waits for the pin to stand still (same box two frames).
      await pin(page, letter).hover({ trial: true, position: { x: 26, y: 20 } });
      const box = (await pin(page, letter).boundingBox())!;
      expect(box.x, `pin ${letter} left`).toBeGreaterThanOrEqual(map.x + margin);
      expect(box.y, `pin ${letter} top`).toBeGreaterThanOrEqual(map.y + margin);
      expect(box.x + box.width, `pin ${letter} right`).toBeLessThanOrEqual(
        map.x + map.width - margin,
      );
      expect(box.y + box.height, `pin ${letter} bottom`).toBeLessThanOrEqual(
        map.y + map.height - margin,
      );
    }
  }).toPass({ timeout: 5_000 });
}

test.describe('a pin gives the right address, or says what it could not find', () => {
  test('B dragged 1 km after a quote: its old street is marked and never quoted @layout', async ({
    page,
  }) => {
    await openSignedIn(page);
    const sent = watchQuotes(page);
    await quoteRecordedTrip(page);
    await pinsFramed(page, 8);

    // The recorded points are 1,242 m apart: their distance on screen gives the map's scale.
    const a = (await pin(page, 'A').boundingBox())!;
    const b = (await pin(page, 'B').boundingBox())!;
    const pixelsPerKm = Math.hypot(a.x - b.x, a.y - b.y) / 1.2424;
    const before = await field(page, 'dropoff', 'coordinates').inputValue();
    await dragPin(page, 'B', 0, -Math.round(pixelsPerKm));
    await expect(field(page, 'dropoff', 'coordinates')).not.toHaveValue(before);
    await expect(lookupLine(page, 'dropoff')).toHaveText(/Del pin/);

    // The geocoder renamed colonia and zip code; the street and numbers are marked, not kept.
    await expect(field(page, 'dropoff', 'neighborhood')).not.toHaveValue('Hipódromo');
    const dropoff = pointGroup(page, 'dropoff');
    await expect(dropoff.getByTestId('earlier-notice')).toContainText(
      'El pin B se movió a otro lugar',
    );
    await expect(field(page, 'dropoff', 'street')).toHaveAttribute('data-origin', 'earlier');
    await expect(dropoff).toContainText('Del punto anterior: revisa');

    // "Cotizar" refuses the old street, says why next to it and sends nothing.
    await page.getByRole('button', { name: 'Cotizar' }).click();
    await expect(dropoff).toContainText('Es del punto anterior del pin');
    await expect(field(page, 'dropoff', 'street')).toBeFocused();
    expect(sent).toHaveLength(1);

    // The dispatcher writes the street of the new spot and clears the rest of the old one.
    await field(page, 'dropoff', 'street').fill('Durango');
    await dropoff.getByRole('button', { name: 'Borrar' }).click();
    await expect(field(page, 'dropoff', 'exteriorNumber')).toHaveValue('');
    await expect(field(page, 'dropoff', 'exteriorNumber')).toBeFocused();
    await field(page, 'dropoff', 'exteriorNumber').fill('200');
    await page.getByRole('button', { name: 'Cotizar' }).click();
    await expect(resultCard(page)).toHaveAttribute('data-state', 'fresh');
    expect(sent).toEqual([
      { pickup: 'Varsovia', dropoff: 'Sonora' },
      { pickup: 'Varsovia', dropoff: 'Durango' },
    ]);
  });

  test('B moved far outside the city keeps nothing silently; a nudge keeps everything', async ({
    page,
  }) => {
    await openSignedIn(page);
    await quoteRecordedTrip(page);

    // A nudge onto the building next door: the same door, nothing to check.
    await fillPoint(page, 'dropoff', { coordinates: '19.413400, -99.167150' });
    await expect(pointGroup(page, 'dropoff').getByTestId('earlier-notice')).toHaveCount(0);
    await expect(field(page, 'dropoff', 'street')).toHaveValue('Sonora');

    // Out on the Gulf coast, where the gazetteer knows nothing: every field is marked.
    await fillPoint(page, 'dropoff', { coordinates: '22.5, -97.9', fromPin: 'nothing' });
    await expect(lookupLine(page, 'dropoff')).toHaveText(/No encontramos una dirección/);
    for (const name of ['street', 'exteriorNumber', 'neighborhood', 'zipCode'] as const) {
      await expect(field(page, 'dropoff', name)).toHaveAttribute('data-origin', 'earlier');
    }
    await expect(pointGroup(page, 'dropoff').getByTestId('earlier-notice')).toContainText(
      '5 datos son del punto anterior',
    );
    // "Keep them" is the dispatcher's word that they are right: then the courier decides.
    await pointGroup(page, 'dropoff').getByRole('button', { name: 'Conservar' }).click();
    await page.getByRole('button', { name: 'Cotizar' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'La entrega B está fuera de la zona' }),
    ).toContainText('Cubrimos Ciudad de México (y área metropolitana) y Guadalajara');
  });

  test('two taps: the fields filled are named and the keyboard goes to A’s street @touch', async ({
    page,
  }, testInfo) => {
    await openSignedIn(page);
    const sent = watchQuotes(page);
    const effort = new Effort(testInfo);
    await effort.tapMap(page, -50, -30);
    await expect(lookupLine(page, 'pickup')).toHaveText(
      'Del pin: colonia y código postal. Falta escribir: calle y número exterior.',
    );
    // One pin is not a trip: the focus stays on the map for the second tap.
    await expect(field(page, 'pickup', 'street')).not.toBeFocused();
    await effort.tapMap(page, 50, 40);
    await expect(lookupLine(page, 'dropoff')).toHaveText(/^Del pin: colonia y código postal\./);
    await expect(field(page, 'pickup', 'street')).toBeFocused();
    await expect(field(page, 'pickup', 'neighborhood')).not.toHaveValue('');
    await expect(resultCard(page)).toContainText(
      'Escribe lo que falta. A: calle y número exterior; B: calle y número exterior.',
    );

    await effort.type(field(page, 'pickup', 'street'), 'Varsovia');
    await effort.type(field(page, 'pickup', 'exteriorNumber'), '36');
    await effort.type(field(page, 'dropoff', 'street'), 'Sonora');
    await effort.type(field(page, 'dropoff', 'exteriorNumber'), '180');
    await expect(resultCard(page)).toContainText('Todo listo: pulsa Cotizar.');
    await effort.tap(page.getByRole('button', { name: 'Cotizar' }));
    await expect(resultCard(page)).toHaveAttribute('data-state', 'fresh');
    // No "Cotizar" failed on the way, and the count is what the README states.
    expect(sent).toHaveLength(1);
    // 2 map taps, 3 taps on the fields after the one that got the focus, "Cotizar"; Varsovia 36,
    // Sonora 180 typed.
    expect({ taps: effort.taps, typed: effort.typed }).toEqual({ taps: 6, typed: 19 });
  });

  test('search finds what dispatchers type and fills the fields from it', async ({ page }) => {
    await openSignedIn(page);
    const search = async (point: 'pickup' | 'dropoff', text: string) => {
      const box = pointGroup(page, point).getByLabel('Buscar dirección');
      await box.fill(text);
      await box.press('Enter');
      return pointGroup(page, point).getByRole('list', { name: /^Resultados para/ });
    };

    let results = await search('pickup', 'Varsovia 36, Juárez');
    await results.getByRole('button', { name: /^Colonia .*Varsovia 36 · Juárez, 06600/ }).click();
    await expect(field(page, 'pickup', 'street')).toHaveValue('Varsovia');
    await expect(field(page, 'pickup', 'exteriorNumber')).toHaveValue('36');
    await expect(field(page, 'pickup', 'neighborhood')).toHaveValue('Juárez');
    await expect(field(page, 'pickup', 'zipCode')).toHaveValue('06600');
    await expect(pin(page, 'A')).toBeVisible();

    results = await search('dropoff', 'Sonora 180 int 1 Hipódromo');
    await results
      .getByRole('button', { name: /^Colonia .*Sonora 180 int\. 1 · Hipódromo, 06100/ })
      .click();
    await expect(field(page, 'dropoff', 'street')).toHaveValue('Sonora');
    await expect(field(page, 'dropoff', 'exteriorNumber')).toHaveValue('180');
    await expect(field(page, 'dropoff', 'interiorNumber')).toHaveValue('1');
    await expect(field(page, 'dropoff', 'neighborhood')).toHaveValue('Hipódromo');
    await page.getByRole('button', { name: 'Cotizar' }).click();
    // Not the recorded trip: picked by colonia, the pins sit at the centres of Juárez and
    // Hipódromo (as in keyboard.spec.ts), 2.28 km apart by road, within the base fare.
    const card = resultCard(page);
    await expect(card.getByTestId('quote-distance')).toHaveText('2.28 km');
    await expect(card.getByTestId('quote-total')).toHaveText('$35.00');
    await expect(card.getByTestId('quote-eta')).toContainText('· 31 min');

    results = await search('dropoff', 'roma nte');
    await expect(results.getByRole('button').first()).toHaveAccessibleName(
      /^Colonia Roma Norte, 06700/,
    );

    results = await search('dropoff', 'col. del valle');
    await expect(results.getByRole('button').first()).toHaveAccessibleName(/^Colonia Del Valle/);

    results = await search('dropoff', '06600');
    await expect(results.getByRole('button').first()).toHaveAccessibleName(/Juárez, 06600/);

    // The gazetteer knows no streets: the avenue and its number are offered as typed.
    results = await search('dropoff', 'av insurgentes sur 1602');
    const before = await field(page, 'dropoff', 'coordinates').inputValue();
    await results
      .getByRole('button', { name: /^Tu texto Usar «Avenida Insurgentes Sur 1602»/ })
      .click();
    await expect(field(page, 'dropoff', 'street')).toHaveValue('Avenida Insurgentes Sur');
    await expect(field(page, 'dropoff', 'exteriorNumber')).toHaveValue('1602');
    await expect(field(page, 'dropoff', 'coordinates')).toHaveValue(before);
  });

  test('a city or zip outside the zones is said to be not covered, never offered in CDMX', async ({
    page,
  }) => {
    await openSignedIn(page);
    const box = pointGroup(page, 'pickup').getByLabel('Buscar dirección');
    for (const [text, place] of [
      ['Av. Constitución 400, Centro, Monterrey, N.L.', 'Monterrey'],
      ['Av. Juárez 100, Centro, Puebla', 'Puebla'],
      ['64000', '64000 (Nuevo León)'],
    ] as const) {
      await box.fill(text);
      await box.press('Enter');
      await expect(
        pointGroup(page, 'pickup').getByText(
          `${place}: sin cobertura por ahora — cubrimos Ciudad de México`,
          { exact: false },
        ),
      ).toBeVisible();
      await expect(
        pointGroup(page, 'pickup').getByRole('list', { name: /^Resultados para/ }),
      ).toHaveCount(0);
    }
    await expect(pin(page, 'A')).toHaveCount(0);
  });

  test('the map credit takes no tap meant for the map, and opens in a new tab @touch', async ({
    page,
  }, testInfo) => {
    await openSignedIn(page);
    const credit = page.locator('.leaflet-control-attribution');
    const link = credit.getByRole('link', { name: 'OpenStreetMap' });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    const strip = (await credit.boundingBox())!;
    const words = (await credit.locator('a').last().boundingBox())!;
    // A point of the credit line that is not its link: the text after "OpenStreetMap".
    const map = (await page.locator('.leaflet-container').boundingBox())!;
    const x = Math.min(words.x + words.width + 12, strip.x + strip.width - 4) - map.x;
    const y = strip.y + strip.height / 2 - map.y;
    expect(x + map.x).toBeLessThan(strip.x + strip.width);
    await tapMap(page, testInfo, x - map.width / 2, y - map.height / 2);
    await expect(pin(page, 'A')).toBeVisible();
  });

  test('recent quotes keep one row per trip, with time and vehicle', async ({ page }) => {
    await openSignedIn(page);
    await quoteRecordedTrip(page);
    // The same trip again, B a few metres off.
    await fillPoint(page, 'dropoff', { coordinates: '19.413380, -99.167190' });
    await page.getByRole('button', { name: 'Cotizar' }).click();
    await expect(resultCard(page)).toHaveAttribute('data-state', 'fresh');
    await page.getByText(/^Cotizaciones recientes \(\d+\)$/).click();
    const rows = page.getByRole('button', { name: /Varsovia 36, Juárez → Sonora 180, Hipódromo/ });
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('$35.00 · 28 min · Bicicleta');
  });

  test('"Limpiar" can be undone until a new trip starts', async ({ page }, testInfo) => {
    await openSignedIn(page);
    await quoteRecordedTrip(page);
    await page.getByRole('button', { name: 'Limpiar' }).click();
    await expect(field(page, 'pickup', 'street')).toHaveValue('');
    await expect(pin(page, 'A')).toHaveCount(0);
    await page.getByRole('button', { name: 'Deshacer' }).click();
    await expect(field(page, 'pickup', 'street')).toHaveValue('Varsovia');
    await expect(pin(page, 'B')).toBeVisible();
    await expectRecordedTripQuote(resultCard(page));

    await page.getByRole('button', { name: 'Limpiar' }).click();
    await tapMap(page, testInfo, 0, 0);
    await expect(page.getByRole('button', { name: 'Deshacer' })).toHaveCount(0);
  });
});
