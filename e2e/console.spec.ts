import type { Page } from '@playwright/test';
import { expect, openSignedIn, test, WITH_SERVICE_WORKER } from './support/screen';

test.use(WITH_SERVICE_WORKER);

/**
 * A browser's console is where a header it does not understand, a failed hydration or an uncaught
 * error shows first: the dispatcher never sees it, but the screen is not what it should be. The
 * sign-in page and the quote screen, opened and reloaded with a draft on the device, log none.
 */

/** Every error and warning the page logs, and every error it throws, in order. */
function consoleTrouble(page: Page): string[] {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      logged.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => logged.push(`thrown: ${error.message}`));
  return logged;
}

test('the sign-in page and the quote screen, reloaded with a draft, log no error or warning', async ({
  page,
}) => {
  const logged = consoleTrouble(page);
  await page.goto('/sign-in');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await openSignedIn(page);
  await page.getByLabel('Cliente (opcional)').fill('Florería Doña Lupe');
  await page.reload();
  await expect(page.getByLabel('Cliente (opcional)')).toHaveValue('Florería Doña Lupe');
  await expect(page.locator('.leaflet-tile-loaded').first()).toBeVisible();
  expect(logged).toEqual([]);
});
