// Figure: from the quote's answer to the price on screen (issue 29, Build 8). On a tablet with the
// CPU slowed 4×, signed in on an empty screen, Chromium places A and B by tapping the map, writes
// the recorded trip's fields and taps "Cotizar" (the first quote of the visit); then it changes
// B's exterior number and taps "Cotizar" again, twice (later quotes). For each quote the time runs
// from the arrival of POST /api/quote's answer (its Resource Timing responseEnd) to the moment the
// result card turns fresh with the total in it (a MutationObserver in the page: its callback runs
// right after the task that changed the DOM). Each round is a new context: nothing cached, nothing
// loaded by an earlier visit. The service worker is blocked, as in first-pin.mjs.
import { launchChromium, signedInTablet } from '../lib/browser.mjs';
import { round, roundSpread, spread } from '../lib/stats.mjs';
import { TYPED } from '../lib/trip.mjs';
import { CPU_SLOWDOWN } from './first-pin.mjs';

export const BUDGET = { ms: 100 };

/** B's exterior number for each later quote: a new trip each time, so a new request. */
const LATER_NUMBERS = ['182', '184'];
const LOOKUP_DONE = /Del pin|El pin no cambió|No encontramos|No pudimos leer/;
const RESULT = 'section[aria-labelledby="quote-result-title"]';

/** In the page before its scripts: when the result card turns fresh with a total, each time. */
function recordPrices() {
  const shown = [];
  Object.defineProperty(window, '__pricesShown', { value: shown });
  let fresh = false;
  new MutationObserver(() => {
    const card = document.querySelector('section[aria-labelledby="quote-result-title"]');
    const now =
      card?.getAttribute('data-state') === 'fresh' &&
      card.querySelector('[data-testid="quote-total"]')?.textContent;
    if (now && !fresh) shown.push(performance.now());
    fresh = Boolean(now);
  }).observe(document, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['data-state'],
  });
}

async function quote(page, count) {
  await page.getByRole('button', { name: 'Cotizar' }).tap();
  await page.waitForFunction((n) => window.__pricesShown.length >= n, count, { timeout: 60_000 });
}

/** One visit: the first quote and the later ones, each as ms from answer to price. */
async function visit(browser, origin) {
  const context = await signedInTablet(browser, origin);
  try {
    await context.addInitScript(recordPrices);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(`${origin}/`);
    await page.locator('.leaflet-tile-loaded').first().waitFor({ timeout: 60_000 });

    const map = page.locator('.leaflet-container');
    const box = await map.boundingBox();
    for (const [letter, dx, dy] of [
      ['A', -40, -30],
      ['B', 40, 30],
    ]) {
      await map.tap({ position: { x: box.width / 2 + dx, y: box.height / 2 + dy } });
      await page
        .locator(`fieldset[data-stop="${letter}"] p[aria-live]`)
        .last()
        .filter({ hasText: LOOKUP_DONE })
        .waitFor({ timeout: 60_000 });
    }
    for (const [point, fields] of Object.entries(TYPED)) {
      for (const [field, text] of Object.entries(fields)) {
        await page.locator(`input[name="${point}.${field}"]`).fill(text);
      }
    }
    await quote(page, 1);
    for (const [i, number] of LATER_NUMBERS.entries()) {
      await page.locator('input[name="dropoffs.0.exteriorNumber"]').fill(number);
      await page.locator(`${RESULT}[data-state="stale"]`).waitFor({ timeout: 30_000 });
      await quote(page, i + 2);
    }

    const { answers, prices } = await page.evaluate(() => ({
      answers: performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname === '/api/quote')
        .map((entry) => entry.responseEnd),
      prices: window.__pricesShown,
    }));
    if (answers.length !== prices.length) {
      throw new Error(
        `${answers.length} answers from /api/quote for ${prices.length} prices shown`,
      );
    }
    const gaps = answers.map((answer, i) => prices[i] - answer);
    return { first: gaps[0], later: gaps.slice(1) };
  } finally {
    await context.close();
  }
}

export async function measureAnswerToPrice(server, { smoke }) {
  const plan = { runs: smoke ? 1 : 5 };
  const runs = [];
  const browser = await launchChromium();
  try {
    for (let i = 0; i < plan.runs; i++) runs.push(await visit(browser, server.origin));
  } finally {
    await browser.close();
  }
  const first = spread(runs.map((run) => run.first));
  const later = spread(runs.flatMap((run) => run.later));
  const ms = (s) => `${Math.round(s.median)} ms (${Math.round(s.min)}–${Math.round(s.max)})`;
  return {
    id: 'answer-to-price',
    title: 'answer → price on screen (4× CPU)',
    budget: `≤ ${BUDGET.ms} ms from the answer's arrival to the price, first quote of a visit included (medians)`,
    result: `first quote ${ms(first)}, later quotes ${ms(later)}; ${plan.runs} visits`,
    passed: first.median <= BUDGET.ms && later.median <= BUDGET.ms,
    plan,
    conditions: { cpuSlowdown: CPU_SLOWDOWN, viewport: { width: 768, height: 1024 } },
    figures: { firstMs: roundSpread(first, 0), laterMs: roundSpread(later, 0) },
    runs: runs.map((run) => ({
      firstMs: round(run.first, 0),
      laterMs: run.later.map((gap) => round(gap, 0)),
    })),
  };
}
