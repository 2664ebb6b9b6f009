import type { Locator, Page, TestInfo } from '@playwright/test';
import {
  RECORDED_TRIP,
  expect,
  expectRecordedTripQuote,
  fillPoint,
  press,
  openSignedIn,
  recordShares,
  resultCard,
  test,
} from './support/screen';
import { seriousViolations } from './support/axe';

/**
 * A quote holds until the server says (its `expiresAt`), however wrong the device's clock: the
 * page's clock is set off here, the server's is the machine's own.
 */

const MINUTE = 60_000;

/** Quotes the recorded trip; the answer's quote as the server sent it. */
async function quoteRecordedTrip(page: Page, press: (target: Locator) => Promise<void>) {
  await fillPoint(page, 'pickup', RECORDED_TRIP.pickup);
  await fillPoint(page, 'dropoff', RECORDED_TRIP.dropoff);
  const answer = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/quote',
  );
  await press(page.getByRole('button', { name: 'Cotizar' }));
  const { quote } = (await (await answer).json()) as {
    quote: { issuedAt: string; expiresAt: string };
  };
  await expectRecordedTripQuote(resultCard(page));
  return quote;
}

const pressFor = (testInfo: TestInfo) => (target: Locator) => press(target, testInfo);

/** "2:35 p.m." as the screen writes an instant, in the page's locale and time zone. */
const shownTime = (page: Page, iso: string) =>
  page.evaluate(
    (at) => new Intl.DateTimeFormat('es-MX', { hour: 'numeric', minute: '2-digit' }).format(at),
    Date.parse(iso),
  );

test('a device clock 16 minutes fast keeps a fresh quote valid; past the server’s expiry it is greyed, not shared, and quoted again in one tap @touch', async ({
  page,
}, testInfo) => {
  const press = pressFor(testInfo);
  const shares = await recordShares(page);
  await page.clock.install({ time: Date.now() + 16 * MINUTE });
  await openSignedIn(page);

  const quote = await quoteRecordedTrip(page, press);
  // Dated on the server's clock (the machine's), not the page's 16 minutes ahead.
  expect(Math.abs(Date.parse(quote.issuedAt) - Date.now())).toBeLessThan(MINUTE);
  const card = resultCard(page);
  await expect(card).toHaveAttribute('data-state', 'fresh');
  await expect(card).not.toContainText('Venció');
  await expect(card.getByTestId('quote-validity')).toHaveText(
    `Válida hasta las ${await shownTime(page, quote.expiresAt)}`,
  );
  await press(card.getByRole('button', { name: 'Compartir' }));
  await expect.poll(async () => (await shares()).length).toBe(1);
  // The validity, then the customer's link (this quote was stored).
  expect((await shares())[0]).toMatch(
    /\nVálida hasta las \d{1,2}:\d\d\s?[ap]\.\s?m\.\nhttps?:\/\/\S+\/c\/[A-Za-z0-9_-]{22}$/,
  );

  // QUOTE_VALIDITY is 15 minutes by default: still valid just before, counted on the server's clock.
  await page.clock.fastForward('14:30');
  await expect(card).toHaveAttribute('data-state', 'fresh');
  await page.clock.fastForward('00:40');
  await expect(card).toHaveAttribute('data-state', 'expired');
  await expect(card.getByTestId('expired-mark')).toContainText('Venció a las');
  // Greyed, struck through, and said in words: not by colour alone.
  await expect(card.getByText('Vencida', { exact: true })).toBeVisible();
  await expect(card.getByTestId('quote-total')).toHaveCSS('text-decoration-line', 'line-through');
  await expect(card.getByTestId('quote-total')).toHaveCSS('color', 'rgb(71, 85, 105)');
  // The grey still reads: no contrast finding on the expired card.
  expect(await seriousViolations(page), 'axe on the expired quote').toEqual([]);
  // Never handed to the customer as valid.
  await expect(card.getByRole('button', { name: 'Compartir' })).toBeDisabled();
  await expect(card).toContainText('Vencida: no se puede compartir.');
  await expect(card).not.toContainText('Válida hasta');
  expect(await shares()).toHaveLength(1);
  await press(page.getByText(/^Cotizaciones recientes \(\d+\)$/));
  await expect(page.getByRole('button', { name: /Varsovia 36, Juárez →/ })).toContainText(
    'vencida',
  );

  // One tap quotes it again, valid and shareable.
  await press(card.getByRole('button', { name: 'Volver a cotizar' }));
  await expect(card).toHaveAttribute('data-state', 'fresh');
  await expectRecordedTripQuote(card);
  await expect(card.getByText('Vencida', { exact: true })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Compartir' })).toBeEnabled();
  await expect(page.getByRole('button', { name: /Varsovia 36, Juárez →/ })).toContainText(
    'vigente hasta las',
  );
});

test('a device clock 30 minutes slow does not keep a quote past the server’s expiry', async ({
  page,
}, testInfo) => {
  await page.clock.install({ time: Date.now() - 30 * MINUTE });
  await openSignedIn(page);
  const quote = await quoteRecordedTrip(page, pressFor(testInfo));
  const card = resultCard(page);
  await expect(card).toHaveAttribute('data-state', 'fresh');

  await page.clock.fastForward('15:10');
  // By the page's own clock the quote would hold for another quarter of an hour.
  expect(await page.evaluate(() => Date.now())).toBeLessThan(Date.parse(quote.expiresAt));
  await expect(card).toHaveAttribute('data-state', 'expired');
  await expect(card.getByRole('button', { name: 'Compartir' })).toBeDisabled();
});

test('after a reload the recent quotes still count with the server’s clock', async ({
  page,
}, testInfo) => {
  await page.clock.install({ time: Date.now() + 16 * MINUTE });
  await openSignedIn(page);
  await quoteRecordedTrip(page, pressFor(testInfo));

  await page.reload();
  await page.getByText(/^Cotizaciones recientes \(1\)$/).click();
  const entry = page.getByRole('button', { name: /Varsovia 36, Juárez →/ });
  await expect(entry).toContainText('vigente hasta las');
  await page.clock.fastForward('15:10');
  await expect(entry).toContainText('vencida');
});
