import type { Page, TestInfo } from '@playwright/test';
import {
  RECORDED_TRIP,
  expect,
  expectRecordedTripQuote,
  fillPoint,
  openSignedIn,
  pointGroup,
  resultCard,
  test,
} from './support/screen';
import { seriousViolations } from './support/axe';

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
}

test('the sign-in page passes axe and has thumb-sized controls @layout', async ({
  page,
}, testInfo) => {
  await page.goto('/sign-in');
  await checkScreen(page, testInfo, 'fit-sign-in');
});

test('the quote screen passes axe, has thumb-sized controls and keeps the map in view @layout', async ({
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
  await expectRecordedTripQuote(resultCard(page));
  await checkScreen(page, testInfo, 'fit-quoted');

  // Scrolled down to the drop-off's last field, the map with both pins is still on screen.
  await pointGroup(page, 'dropoff')
    .getByLabel(/^Coordenadas/)
    .scrollIntoViewIfNeeded();
  await expect(page.locator('[data-pin="A"]')).toBeInViewport();
  await expect(page.locator('[data-pin="B"]')).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Cotizar' })).toBeInViewport();

  if (testInfo.project.name === 'tablet') {
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect(page.locator('[data-pin="B"]')).toBeInViewport();
    await checkScreen(page, testInfo, 'fit-landscape');
  }
});

/** Button labels that do not fit their button (wrapped or cut), and a placeholder cut short. */
async function cramped(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    for (const button of document.querySelectorAll<HTMLElement>(
      'button, label:has(input[type=radio])',
    )) {
      if (button.offsetParent === null) continue;
      if (button.scrollWidth > button.clientWidth + 1) {
        problems.push(`cut: ${button.textContent?.trim()}`);
      }
      // Wrapped: the same label forced onto one line would be shorter.
      const height = button.getBoundingClientRect().height;
      button.style.whiteSpace = 'nowrap';
      const oneLine = button.getBoundingClientRect().height;
      button.style.whiteSpace = '';
      if (oneLine < height - 1) problems.push(`wrapped: ${button.textContent?.trim()}`);
    }
    // A card whose content spills out of it (over the next one).
    for (const box of document.querySelectorAll<HTMLElement>('section, fieldset')) {
      if (box.offsetParent !== null && box.scrollHeight > box.clientHeight + 1) {
        problems.push(`spills: ${box.getAttribute('aria-labelledby') ?? box.dataset.point}`);
      }
    }
    const canvas = document.createElement('canvas').getContext('2d')!;
    for (const input of document.querySelectorAll<HTMLInputElement>('input[placeholder]')) {
      if (input.offsetParent === null) continue;
      const style = getComputedStyle(input);
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room =
        input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (canvas.measureText(input.placeholder).width > room) {
        problems.push(`placeholder cut: ${input.placeholder}`);
      }
    }
    return problems;
  });
}

test('nothing wraps or is cut: pin tools, search placeholders, the total and the delivery time @layout', async ({
  page,
}) => {
  await openSignedIn(page);
  expect(await cramped(page), 'empty screen').toEqual([]);
  await fillPoint(page, 'pickup', RECORDED_TRIP.pickup);
  await fillPoint(page, 'dropoff', RECORDED_TRIP.dropoff);
  await page.getByRole('button', { name: 'Cotizar' }).click();
  const card = resultCard(page);
  await expectRecordedTripQuote(card);
  expect(await cramped(page), 'quoted screen').toEqual([]);
  // The delivery time is as large as the total, each on one line.
  const size = (testId: string) =>
    card.getByTestId(testId).evaluate((element) => {
      const box = element.getBoundingClientRect();
      return {
        font: getComputedStyle(element).fontSize,
        oneLine: box.height < 1.6 * parseFloat(getComputedStyle(element).fontSize),
      };
    });
  const total = await size('quote-total');
  const eta = await size('quote-eta');
  expect(eta.font).toBe(total.font);
  expect(eta.oneLine && total.oneLine).toBe(true);
});

test('a moved pin’s marks and the search results pass axe and fit @layout', async ({
  page,
}, testInfo) => {
  await openSignedIn(page);
  await fillPoint(page, 'pickup', RECORDED_TRIP.pickup);
  await fillPoint(page, 'dropoff', RECORDED_TRIP.dropoff);
  await fillPoint(page, 'dropoff', { coordinates: '19.4300, -99.1500' });
  await expect(pointGroup(page, 'dropoff').getByTestId('earlier-notice')).toBeVisible();
  await page.getByRole('button', { name: 'Cotizar' }).click();
  await expect(pointGroup(page, 'dropoff')).toContainText('Es del punto anterior del pin');

  // The refused field is in view with its label, below the map and above the "Cotizar" bar.
  const focused = page.locator(':focus');
  await expect(focused).toHaveAttribute('name', 'dropoffs.0.street');
  const labelBox = await focused.evaluate((input) => {
    const box = document.querySelector(`label[for="${input.id}"]`)!.getBoundingClientRect();
    return { top: box.top, bottom: box.bottom };
  });
  const mapBox = (await page.locator('.leaflet-container').boundingBox())!;
  const barTop = (await page.getByRole('button', { name: 'Cotizar' }).boundingBox())!.y;
  const portrait = page.viewportSize()!.height > page.viewportSize()!.width;
  if (portrait) expect(labelBox.top).toBeGreaterThanOrEqual(mapBox.y + mapBox.height);
  expect(labelBox.bottom).toBeLessThanOrEqual(barTop);
  await checkScreen(page, testInfo, 'fit-earlier');

  const search = pointGroup(page, 'pickup').getByLabel('Buscar dirección');
  await search.fill('juarez');
  await search.press('Enter');
  await expect(pointGroup(page, 'pickup').getByRole('list')).toBeVisible();
  await checkScreen(page, testInfo, 'fit-search');
});

test('a form with mistakes passes axe too @layout', async ({ page }, testInfo) => {
  await openSignedIn(page);
  await fillPoint(page, 'pickup', { street: 'Varsovia', zipCode: '066' });
  await page.getByRole('button', { name: 'Cotizar' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Revisa los campos marcados.' }),
  ).toBeVisible();
  await checkScreen(page, testInfo, 'fit-errors');
});
