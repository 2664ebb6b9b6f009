import type { Page, TestInfo } from '@playwright/test';
import {
  RECORDED_TRIP,
  expect,
  expectRecordedTripQuote,
  fillPoint,
  keepForReview,
  openSignedIn,
  pin,
  pointGroup,
  resultCard,
  tapMap,
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
    // Each shift with what moved (tag, class, test id; its box before → after, rounded): a
    // failure says which part of the screen jumped, not only by how much.
    const shifts: { value: number; moved: string[] }[] = [];
    const named = (node: Node | null) => {
      if (!(node instanceof Element)) return String(node?.nodeName);
      const testId = node.getAttribute('data-testid');
      return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}.${String(node.className).split(' ')[0]}${testId ? `[${testId}]` : ''}`;
    };
    const box = (r: DOMRectReadOnly) =>
      `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: {
          node: Node | null;
          previousRect: DOMRectReadOnly;
          currentRect: DOMRectReadOnly;
        }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          moved: entry.sources.map(
            (s) =>
              `${named(s.node)} at ${Math.round(entry.startTime)} ms: ${box(s.previousRect)} → ${box(s.currentRect)}`,
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
    (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
  });
  await openSignedIn(page);
  await checkScreen(page, testInfo, 'fit-empty');

  // Loading the map and restoring the screen moved nothing.
  const shifts = await page.evaluate(
    () =>
      (window as unknown as { layoutShifts: { value: number; moved: string[] }[] }).layoutShifts,
  );
  const shift = shifts.reduce((sum, { value }) => sum + value, 0);
  expect(shift, JSON.stringify(shifts, null, 1)).toBeLessThan(0.01);

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

/**
 * The phone's mends, checked on every profile and, on the tablet, at the iPad's own 810×1080 too:
 * the header names Cotizaciones in words, pin tags stay inside the map, "Cotizar con ubicación
 * aproximada" keeps one line and a "sin cobertura" note comes into view as results do.
 */
test.describe('nothing of the screen is icon-only, cut at the map’s edge, wrapped or out of sight', () => {
  /** The sizes a test runs at: the project's, and the iPad's own on the tablet. */
  const sizesOf = (testInfo: TestInfo) =>
    testInfo.project.name === 'tablet' ? [null, { width: 810, height: 1080 }] : [null];

  /** Each visible thing's box against the map's box: what sticks out of it, by how much. */
  async function tagsOutsideMap(page: Page) {
    return page.evaluate(() => {
      const map = document.querySelector('.leaflet-container')!.getBoundingClientRect();
      return [...document.querySelectorAll<HTMLElement>('[data-pin-tag]')]
        .map((tag) => ({ text: tag.textContent, box: tag.getBoundingClientRect() }))
        .filter(({ box }) => box.left < map.left - 0.5 || box.right > map.right + 0.5)
        .map(({ text, box }) => `${text}: ${Math.round(box.left)}–${Math.round(box.right)}`);
    });
  }

  test('the header’s Cotizaciones says its name in words that fit @layout', async ({
    page,
  }, testInfo) => {
    await openSignedIn(page);
    for (const [size, name] of [
      ...sizesOf(testInfo).map((one) => [one, 'Cotizaciones'] as const),
      // The English header's words are longer where the Spanish ones are shorter ("Sign out").
      ['English', 'Quotes'] as const,
    ]) {
      if (size === 'English') {
        await page.getByRole('button', { name: 'Switch to English' }).click();
      } else if (size) {
        await page.setViewportSize(size);
      }
      const link = page.getByRole('banner').getByRole('link', { name });
      const label = link.getByText(name, { exact: true });
      await expect(label).toBeInViewport({ ratio: 1 });
      const fit = await label.evaluate((element) => ({
        box: element.getBoundingClientRect().width,
        words: element.scrollWidth,
        clipped: getComputedStyle(element).clip !== 'auto',
        header: document.querySelector('header')!.scrollWidth,
        headerRoom: document.querySelector('header')!.clientWidth,
      }));
      expect(fit.clipped).toBe(false);
      expect(fit.words).toBeLessThanOrEqual(Math.ceil(fit.box));
      expect(fit.header).toBeLessThanOrEqual(fit.headerRoom);
      expect(await cramped(page)).toEqual([]);
      await keepForReview(page, testInfo, `header-${name}-${page.viewportSize()!.width}`);
    }
  });

  test('a pin’s name tag near the map’s edge goes to its other side, inside the map @layout', async ({
    page,
  }, testInfo) => {
    await openSignedIn(page);
    for (const size of sizesOf(testInfo)) {
      if (size) {
        await page.setViewportSize(size);
        // A new trip: the view framed on the last one's two pins stays where it is.
        await page.getByRole('button', { name: 'Limpiar' }).click();
      }
      await page.getByRole('radio', { name: 'A · Recolección' }).check();
      // A placed 40 px from the map's right edge: its tag would end some 100 px past it.
      const map = (await page.locator('.leaflet-container').boundingBox())!;
      await tapMap(page, testInfo, map.width / 2 - 40, 0);
      await expect(pin(page, 'A')).toHaveAttribute('data-tag-side', 'start');
      await expect.poll(() => tagsOutsideMap(page)).toEqual([]);
      // Panned back towards the middle, the tag returns to the head's right.
      await fillPoint(page, 'pickup', RECORDED_TRIP.pickup);
      await fillPoint(page, 'dropoff', RECORDED_TRIP.dropoff);
      await expect(page.locator('[data-pin-tag]')).toHaveCount(2);
      await expect.poll(() => tagsOutsideMap(page)).toEqual([]);
      await expect(pin(page, 'B')).toHaveAttribute('data-tag-side', 'end');
      await keepForReview(page, testInfo, `pin-tags-${page.viewportSize()!.width}`);
    }
  });

  test('"Cotizar con ubicación aproximada" keeps one line @layout', async ({ page }, testInfo) => {
    await openSignedIn(page);
    for (const size of sizesOf(testInfo)) {
      if (size) await page.setViewportSize(size);
      for (const [letter, text, choice] of [
        ['pickup', 'Varsovia 36, Juárez', /^Colonia .*Varsovia 36 · Juárez, 06600/],
        ['dropoff', 'Sonora 180, Hipódromo', /^Colonia .*Sonora 180 · Hipódromo, 06100/],
      ] as const) {
        const box = pointGroup(page, letter).getByLabel('Buscar dirección');
        await box.fill(text);
        await box.press('Enter');
        const results = pointGroup(page, letter).getByRole('list', { name: /^Resultados para/ });
        await results.getByRole('button', { name: choice }).click();
      }
      await expect(
        page.getByRole('button', { name: 'Cotizar con ubicación aproximada' }),
      ).toBeVisible();
      expect(await cramped(page)).toEqual([]);
      await keepForReview(page, testInfo, `approximate-submit-${page.viewportSize()!.width}`);
    }
  });

  test('a "sin cobertura" note comes into view above the Cotizar bar, as results do @layout', async ({
    page,
  }, testInfo) => {
    await openSignedIn(page);
    for (const size of sizesOf(testInfo)) {
      if (size) await page.setViewportSize(size);
      for (const letter of ['pickup', 'dropoff']) {
        const box = pointGroup(page, letter).getByLabel('Buscar dirección');
        await box.fill('Av. Constitución 400, Centro, Monterrey, N.L.');
        await box.press('Enter');
        const note = pointGroup(page, letter).getByText('Monterrey: sin cobertura por ahora', {
          exact: false,
        });
        // Whole, above the bar ("nearest" may leave its last pixel row a fraction under the edge).
        await expect(note).toBeInViewport({ ratio: 0.95 });
        const bar = (await page.getByRole('button', { name: /^Cotizar/ }).boundingBox())!;
        const noteBox = (await note.boundingBox())!;
        expect(noteBox.y + noteBox.height).toBeLessThanOrEqual(bar.y + 1);
        await keepForReview(page, testInfo, `not-covered-${letter}-${page.viewportSize()!.width}`);
      }
    }
  });
});
