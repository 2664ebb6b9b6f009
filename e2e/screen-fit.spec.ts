import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import {
  RECORDED_TRIP,
  expect,
  fillPoint,
  keepScreenshot,
  openSignedIn,
  pointGroup,
  resultCard,
  test,
} from './support/screen';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
    }));
}

/** Controls smaller than 44×44 CSS px (links inside a sentence excepted, as WCAG allows). */
async function smallTargets(page: Page) {
  return page.evaluate(() => {
    const selector =
      'button, input:not([type=radio]), select, summary, label:has(input[type=radio]), a.leaflet-control-zoom-in, a.leaflet-control-zoom-out';
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((element) => element.offsetParent !== null)
      .map((element) => {
        const box = element.getBoundingClientRect();
        return {
          what: element.outerHTML.slice(0, 90),
          width: Math.round(box.width),
          height: Math.round(box.height),
        };
      })
      .filter((target) => target.width < 44 || target.height < 44);
  });
}

async function checkScreen(page: Page, testInfo: TestInfo, name: string) {
  expect(await seriousViolations(page), `axe on ${name}`).toEqual([]);
  expect(await smallTargets(page), `touch targets on ${name}`).toEqual([]);
  // Nothing sticks out sideways: no horizontal scrolling on any profile.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  await keepScreenshot(page, testInfo, `${name}-${testInfo.project.name}`);
}

test('the sign-in page passes axe and has thumb-sized controls', async ({ page }, testInfo) => {
  await page.goto('/sign-in');
  await checkScreen(page, testInfo, 'fit-sign-in');
});

test('the quote screen passes axe, has thumb-sized controls and keeps the map in view', async ({
  page,
}, testInfo) => {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
  });
  await openSignedIn(page);
  await checkScreen(page, testInfo, 'fit-empty');

  // Loading the map and restoring the screen moved nothing.
  const shift = await page.evaluate(() =>
    (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((a, b) => a + b, 0),
  );
  expect(shift).toBeLessThan(0.01);

  await fillPoint(page, 'pickup', RECORDED_TRIP.pickup);
  await fillPoint(page, 'dropoff', RECORDED_TRIP.dropoff);
  await page.getByRole('button', { name: 'Cotizar' }).click();
  await expect(resultCard(page).getByTestId('quote-total')).toHaveText('$35.00');
  await checkScreen(page, testInfo, 'fit-quoted');

  // Scrolled down to the drop-off's last field, the map with both pins is still on screen.
  await pointGroup(page, 'dropoff')
    .getByLabel(/^Coordenadas/)
    .scrollIntoViewIfNeeded();
  await expect(page.locator('[data-pin="A"]')).toBeInViewport();
  await expect(page.locator('[data-pin="B"]')).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Cotizar' })).toBeInViewport();
  await keepScreenshot(page, testInfo, `fit-scrolled-${testInfo.project.name}`);

  if (testInfo.project.name === 'tablet') {
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect(page.locator('[data-pin="B"]')).toBeInViewport();
    await checkScreen(page, testInfo, 'fit-landscape');
  }
});

test('a form with mistakes passes axe too', async ({ page }, testInfo) => {
  await openSignedIn(page);
  await fillPoint(page, 'pickup', { street: 'Varsovia', zipCode: '066' });
  await page.getByRole('button', { name: 'Cotizar' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Revisa los campos marcados.' }),
  ).toBeVisible();
  await checkScreen(page, testInfo, 'fit-errors');
});
