// Figure: what a "Cotizar" draws again (issue 28, tap to price), counted rather than timed. On a
// tablet, signed in on an empty screen, Chromium places the recorded trip as tap-to-price.mjs
// does, taps "Cotizar" (the first quote), then changes B's exterior number and taps it again (a
// later quote). A stand-in for React DevTools' hook (bench/lib/react-commits.mjs) lists what each
// React commit drew from the tap until the price was painted; among it, the fields (a component
// whose own elements include a named input). A Cotizar of a valid trip changes no field, so no
// field should draw again: each one that does is main-thread work between the tap and the price,
// on the tablet's slow CPU. Until 2026-11-27 every field drew twice at each Cotizar
// (react-hook-form tells every useFormState of a submit's errors, changed or not): a later quote
// drew 98 components before its price, 50 of them fields.
import { launchChromium } from '../lib/browser.mjs';
import { watchReactCommits } from '../lib/react-commits.mjs';
import { changeTrip, openScreen, placeRecordedTrip, quote } from './tap-to-price.mjs';

export const BUDGET = { fields: 0 };

/**
 * The commits of one quote up to its price painted (`paintedAt`, the page's clock): how many
 * components they drew and which fields. Exported for its test.
 */
export function redrawsOf(commits, paintedAt) {
  const before = commits.filter((commit) => commit.at <= paintedAt);
  return {
    commits: before.length,
    components: before.reduce((sum, commit) => sum + commit.rendered.length, 0),
    fields: before.flatMap((commit) => commit.fields),
  };
}

/** Each quote's redraws, in order: the first, then the later one. */
async function quotesOf(page) {
  const quotes = [];
  for (const [count, before] of [
    [1, async () => {}],
    [2, () => changeTrip(page, '182')],
  ]) {
    await before();
    await page.evaluate(() => window.__commits.start());
    await quote(page, count);
    const { commits, paintedAt } = await page.evaluate((n) => {
      window.__commits.stop();
      return { commits: window.__commits.commits, paintedAt: window.__tapToPrice.painted[n - 1] };
    }, count);
    quotes.push(redrawsOf(commits, paintedAt));
  }
  return quotes;
}

export async function measureCotizarRedraws(server) {
  const browser = await launchChromium();
  let first;
  let later;
  try {
    const { context, page } = await openScreen(browser, {
      origin: server.origin,
      cpuSlowdown: 1,
      initScripts: [watchReactCommits],
    });
    try {
      await placeRecordedTrip(page);
      [first, later] = await quotesOf(page);
    } finally {
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const text = (name, q) =>
    `${name}: ${q.fields.length} field${q.fields.length === 1 ? '' : 's'} drawn again` +
    (q.fields.length ? ` (${[...new Set(q.fields)].join(', ')})` : '') +
    `, ${q.components} components in ${q.commits} commits`;
  return {
    id: 'cotizar-redraws',
    title: 'what a Cotizar draws again before its price',
    budget: `no field drawn again from the Cotizar tap to the price painted, first and later quote`,
    result: `${text('first quote', first)}; ${text('later quote', later)}`,
    passed: first.fields.length <= BUDGET.fields && later.fields.length <= BUDGET.fields,
    conditions: { viewport: { width: 768, height: 1024 }, cpuSlowdown: 1 },
    figures: {
      first: { ...first, fields: first.fields.length, fieldNames: first.fields },
      later: { ...later, fields: later.fields.length, fieldNames: later.fields },
    },
  };
}
