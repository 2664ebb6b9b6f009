import type { Page } from '@playwright/test';
import enCatalog from '../messages/en.json';
import esCatalog from '../messages/es-MX.json';
import {
  RECORDED_TRIP,
  expect,
  expectRecordedTripQuote,
  fillPoint,
  openSignedIn,
  pointGroup,
  resultCard,
  signIn,
  test,
} from './support/screen';

test('the dispatcher switches to English and back without losing what they typed', async ({
  page,
}) => {
  await openSignedIn(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-MX');
  await fillPoint(page, 'pickup', RECORDED_TRIP.pickup);
  await fillPoint(page, 'dropoff', RECORDED_TRIP.dropoff);

  await page.getByRole('button', { name: 'Switch to English' }).click();
  await expect(page.getByRole('button', { name: 'Get quote' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Pickup (A)' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Drop-off (B)' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Pickup (A)' }).getByLabel('Street')).toHaveValue(
    'Varsovia',
  );
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.getByRole('button', { name: 'Get quote' }).click();
  await expect(resultCard(page).getByTestId('quote-vehicle')).toHaveText('Bicycle');
  // Pesos are written the Mexican way in either language.
  await expectRecordedTripQuote(resultCard(page));

  // The choice is remembered: the server renders English after a reload.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Get quote' })).toBeVisible();
  await page.getByRole('button', { name: 'Cambiar a español' }).click();
  await expect(page.getByRole('button', { name: 'Cotizar' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Recolección (A)' })).toBeVisible();
});

/**
 * Words the Spanish catalog uses and the English one never does ("cotizar", "colonia" aside: the
 * English catalog says "colonia" too): found in the English screens, they are Spanish left over.
 */
async function spanishLeftovers(page: Page) {
  const found = await page.evaluate(
    ({ es, en }) => {
      const texts = (node: unknown): string[] =>
        typeof node === 'string'
          ? [node]
          : Object.values(node as Record<string, unknown>).flatMap(texts);
      const words = (text: string) =>
        (text.replace(/\{[^}]*\}/g, ' ').match(/\p{L}+/gu) ?? []).map((w) => w.toLowerCase());
      const english = new Set(texts(en).flatMap(words));
      const spanishOnly = new Set(
        texts(es)
          .flatMap(words)
          .filter((word) => word.length >= 5 && !english.has(word)),
      );
      const shown = [
        document.title,
        document.body.innerText,
        ...[...document.querySelectorAll('[aria-label], [placeholder], [title]')].flatMap(
          (element) =>
            ['aria-label', 'placeholder', 'title'].map((name) => element.getAttribute(name) ?? ''),
        ),
      ].join('\n');
      return [...new Set(words(shown).filter((word) => spanishOnly.has(word)))];
    },
    { es: esCatalog, en: enCatalog },
  );
  return found;
}

test('the English screens keep no Spanish: the page title, the sign-in, the guide, errors and search results', async ({
  page,
}) => {
  await page.goto('/sign-in');
  await expect(page).toHaveTitle('Cotizador de envíos');
  await page.getByRole('button', { name: 'Switch to English' }).click();
  await expect(page).toHaveTitle('Delivery quotes');
  expect(await spanishLeftovers(page), 'sign-in').toEqual([]);

  await signIn(page, { expectScreen: false });
  await expect(page.getByRole('button', { name: 'Get quote' })).toBeVisible();
  await expect(page).toHaveTitle('Delivery quotes');
  expect(await spanishLeftovers(page), 'empty screen').toEqual([]);

  await page.getByRole('button', { name: 'Get quote' }).click();
  // The refusal itself, and the keyboard moved to the first refused field: only then is the form
  // as refused, and a search typed next goes to the search box. (The page's first alert is Next's
  // route announcer, there from the start: waiting for it waited for nothing, and once the focus
  // came after `fill` had focused the search box, the text went to A's street.)
  await expect(
    page.getByRole('alert').filter({ hasText: 'Some fields need attention.' }),
  ).toBeVisible();
  await expect(pointGroup(page, 'pickup').getByLabel('Street', { exact: true })).toBeFocused();
  expect(await spanishLeftovers(page), 'refused form').toEqual([]);

  const search = pointGroup(page, 'pickup').getByLabel('Search address');
  await search.fill('hipodromo');
  await search.press('Enter');
  const results = pointGroup(page, 'pickup').getByRole('list');
  await expect(results).toBeVisible();
  await expect(results.getByRole('button').first()).toContainText('Neighborhood');
  expect(await spanishLeftovers(page), 'search results').toEqual([]);
});
