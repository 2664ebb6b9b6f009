import type { Page } from '@playwright/test';
import {
  RECORDED_TRIP,
  countQuotesSent,
  expect,
  expectRecordedTripQuote,
  field,
  fillPoint,
  nextFrames,
  openSignedIn,
  pin,
  pointGroup,
  requestsReported,
  resultCard,
  test,
  WITH_SERVICE_WORKER,
} from './support/screen';

test.use(WITH_SERVICE_WORKER);

/** In the field: a quote asked offline waits, the quote is handed over, it holds for a while. */

async function fillRecordedTrip(page: Page) {
  await fillPoint(page, 'pickup', RECORDED_TRIP.pickup);
  await fillPoint(page, 'dropoff', RECORDED_TRIP.dropoff);
}

test.describe('a quote asked without a network', () => {
  test('waits, says so, and is sent exactly once when the network is back', async ({
    page,
    context,
  }) => {
    await openSignedIn(page);
    await fillRecordedTrip(page);
    const sent = countQuotesSent(page);

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Cotizar' }).click();
    await expect(resultCard(page).getByTestId('quote-queued')).toHaveText(
      /se enviará en cuanto vuelva la red/,
    );
    // Held, not even tried: no quote request before the marker's.
    await requestsReported(page);
    expect(sent.count).toBe(0);

    await context.setOffline(false);
    await expectRecordedTripQuote(resultCard(page));
    await nextFrames(page);
    await requestsReported(page);
    expect(sent.count).toBe(1);
  });

  test('is not sent when the trip changed meanwhile: the screen asks again', async ({
    page,
    context,
  }) => {
    await openSignedIn(page);
    await fillRecordedTrip(page);
    const sent = countQuotesSent(page);

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Cotizar' }).click();
    await expect(resultCard(page).getByTestId('quote-queued')).toBeVisible();
    await field(page, 'dropoff', 'exteriorNumber').fill('182');
    await expect(resultCard(page).getByTestId('quote-queued')).toHaveText(
      /Cambiaste el viaje mientras no había red/,
    );
    await expect(page.getByTestId('offline-notice')).toBeVisible();

    await context.setOffline(false);
    // The screen knows the network is back (the notice goes), and has rendered since: a queued
    // quote would have been sent then.
    await expect(page.getByTestId('offline-notice')).toBeHidden();
    await nextFrames(page);
    await requestsReported(page);
    expect(sent.count).toBe(0);
    await page.getByRole('button', { name: 'Cotizar' }).click();
    await expectRecordedTripQuote(resultCard(page));
    expect(sent.count).toBe(1);
  });
});

test.describe('handing the quote over', () => {
  test('"Compartir" uses the device’s share sheet with a short text, nothing internal', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const shared: unknown[] = [];
      (window as unknown as { shared: unknown[] }).shared = shared;
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: async (data: unknown) => void shared.push(data),
      });
    });
    await openSignedIn(page);
    await fillRecordedTrip(page);
    await page.getByRole('button', { name: 'Cotizar' }).click();
    await expectRecordedTripQuote(resultCard(page));
    await resultCard(page).getByRole('button', { name: 'Compartir' }).click();

    const [shared] = await page.evaluate(
      () => (window as unknown as { shared: Array<{ text: string }> }).shared,
    );
    const lines = shared!.text.split('\n');
    expect(lines.slice(0, 4)).toEqual([
      'Cotización de envío',
      'Recolección: Varsovia 36, Juárez',
      'Entrega: Sonora 180 int. 1, Hipódromo',
      'Total $35.00 MXN · 1.58 km · 28 min · Bicicleta',
    ]);
    expect(lines[4]).toMatch(/^Válida hasta las \d{1,2}:\d\d\s?[ap]\.\s?m\.$/);
    // Last, the customer's link: this app's /c/ and a 128-bit token, the one token meant for them.
    expect(lines[5]).toMatch(new RegExp(`^${new URL(page.url()).origin}/c/[A-Za-z0-9_-]{22}$`));
    expect(lines).toHaveLength(6);
    expect(lines.slice(0, 5).join('\n')).not.toMatch(/dq_|eyJ|19\.42|-99\.16|token/i);
    // The reference to read out over the phone stands on the result.
    await expect(resultCard(page).getByTestId('quote-reference')).toHaveText(
      /^Referencia DQ-[A-Z0-9]{6}$/,
    );
  });

  test('without a share sheet the text is copied, and said so', async ({ page, context }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', { configurable: true, value: undefined });
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openSignedIn(page);
    await fillRecordedTrip(page);
    await page.getByRole('button', { name: 'Cotizar' }).click();
    await resultCard(page).getByRole('button', { name: 'Compartir' }).click();
    await expect(resultCard(page)).toContainText('Copiada: pégala en el chat del cliente.');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('Entrega: Sonora 180 int. 1, Hipódromo');
    // A result left and shown again starts anew: what was said of its last share is not said again.
    await resultCard(page).getByRole('button', { name: 'Nueva cotización' }).click();
    await page.getByRole('button', { name: 'Deshacer' }).click();
    await expectRecordedTripQuote(resultCard(page));
    await expect(resultCard(page)).not.toContainText('Copiada');
  });

  test('a quote being quoted again keeps its reference on screen until the new one comes', async ({
    page,
  }) => {
    await openSignedIn(page);
    await fillRecordedTrip(page);
    await page.getByRole('button', { name: 'Cotizar' }).click();
    const reference = resultCard(page).getByTestId('quote-reference');
    await expect(reference).toHaveText(/^Referencia DQ-[A-Z0-9]{6}$/);
    const first = (await reference.textContent())!;
    await field(page, 'dropoff', 'exteriorNumber').fill('182');
    await expect(resultCard(page)).toHaveAttribute('data-state', 'stale');
    // The next answer is held until the card has been read while it is on its way.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/quote', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Cotizar' }).click();
    await expect(resultCard(page)).toHaveAttribute('aria-busy', 'true');
    await expect(reference).toHaveText(first);
    release();
    await expect(resultCard(page)).toHaveAttribute('data-state', 'fresh');
    await expect(reference).toHaveText(/^Referencia DQ-[A-Z0-9]{6}$/);
    await expect(reference).not.toHaveText(first);
  });

  test('"Nueva cotización" clears the trip, with an undo', async ({ page }) => {
    await openSignedIn(page);
    await fillRecordedTrip(page);
    await page.getByRole('button', { name: 'Cotizar' }).click();
    await resultCard(page).getByRole('button', { name: 'Nueva cotización' }).click();
    await expect(field(page, 'pickup', 'street')).toHaveValue('');
    await expect(resultCard(page)).toHaveAttribute('data-state', 'empty');
    await page.getByRole('button', { name: 'Deshacer' }).click();
    await expect(field(page, 'pickup', 'street')).toHaveValue('Varsovia');
    await expectRecordedTripQuote(resultCard(page));
  });
});

test('a quote says until when it holds; past it, it is marked expired and quotes again with one tap', async ({
  page,
}) => {
  await page.clock.install();
  await openSignedIn(page);
  await fillRecordedTrip(page);
  const sent = countQuotesSent(page);
  await page.getByRole('button', { name: 'Cotizar' }).click();
  const card = resultCard(page);
  await expect(card.getByTestId('quote-validity')).toHaveText(/^Válida hasta las /);
  await expect(card).toHaveAttribute('data-state', 'fresh');

  // QUOTE_VALIDITY is 15 minutes by default.
  await page.clock.fastForward('14:50');
  await expect(card).toHaveAttribute('data-state', 'fresh');
  await page.clock.fastForward('00:20');
  await expect(card).toHaveAttribute('data-state', 'expired');
  await expect(card.getByTestId('expired-mark')).toContainText('Venció a las');
  await page.getByText(/^Cotizaciones recientes \(\d+\)$/).click();
  await expect(page.getByRole('button', { name: /Varsovia 36, Juárez →/ })).toContainText(
    'vencida',
  );

  await card.getByRole('button', { name: 'Volver a cotizar' }).click();
  await expect.poll(() => sent.count).toBe(2);
  await expectRecordedTripQuote(card);
});

test('a saved place fills a stop in one tap; places are renamed and deleted', async ({ page }) => {
  await openSignedIn(page);
  await fillPoint(page, 'pickup', RECORDED_TRIP.pickup);
  const pickup = pointGroup(page, 'pickup');
  await pickup.getByRole('button', { name: 'Guardar lugar' }).click();
  await pickup.getByLabel('Nombre del lugar').fill('Bodega Roma');
  await pickup.getByRole('button', { name: 'Guardar', exact: true }).click();

  await page.getByRole('button', { name: 'Limpiar' }).click();
  await expect(field(page, 'pickup', 'street')).toHaveValue('');
  await expect(pin(page, 'A')).toHaveCount(0);

  // One tap.
  await pickup.getByRole('button', { name: 'Usar Bodega Roma para Recolección (A)' }).click();
  await expect(field(page, 'pickup', 'street')).toHaveValue('Varsovia');
  await expect(field(page, 'pickup', 'zipCode')).toHaveValue('06600');
  await expect(field(page, 'pickup', 'coordinates')).toHaveValue('19.424521, -99.167691');
  await expect(pin(page, 'A')).toBeVisible();

  // The same places serve every stop, and they stay after a reload.
  await page.reload();
  const dropoff = pointGroup(page, 'dropoff');
  await expect(
    dropoff.getByRole('button', { name: 'Usar Bodega Roma para Entrega (B)' }),
  ).toBeVisible();

  await dropoff.getByRole('button', { name: 'Editar lugares' }).click();
  const name = dropoff.getByLabel('Nombre de Bodega Roma');
  await name.fill('Almacén Juárez');
  await name.press('Enter');
  await expect(
    dropoff.getByRole('button', { name: 'Usar Almacén Juárez para Entrega (B)' }),
  ).toBeVisible();
  await dropoff.getByRole('button', { name: 'Borrar Almacén Juárez' }).click();
  await expect(dropoff.getByRole('button', { name: /^Usar / })).toHaveCount(0);
});
