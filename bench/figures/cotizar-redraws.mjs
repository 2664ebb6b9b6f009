// Figure: what a pin tap and a "Cotizar" draw again (issue 28: the screen's work between a tap and
// what it shows), counted rather than timed. On a tablet, signed in on an empty screen, Chromium
// taps pins A and B on the map (each until its address is looked up), writes the recorded trip's
// fields, taps "Cotizar" (the first quote), then changes B's exterior number and taps it again (a
// later quote), as tap-to-price.mjs does. A stand-in for React DevTools' hook
// (bench/lib/react-commits.mjs) lists what each React commit drew in each step; among it, the
// fields (a component whose own elements include an input of the trip). A pin's address is
// written into its fields by the form, not by a render, and a Cotizar of a valid trip changes no
// field: so a pin tap draws no address field again (only the coordinates, which show the pin), and
// a Cotizar no field at all, up to the price painted. Each field drawn is main-thread work on the
// tablet's slow CPU. Until 2026-11-27 every field drew twice at each Cotizar (react-hook-form tells
// every useFormState of a submit's errors, changed or not: a later quote drew 98 components
// before its price, 27 of them fields) and every address field of both stops twice at a pin tap.
//
// Before the taps, the start: the screen makes no Intl format until the first pin is down (its
// formats are made right after that pin's frame, quote-result.tsx). A page's first Intl object
// loads ICU's data, a long task on a slow tablet, which the screen did in its start until
// 2026-12-02 (a money format made as a module loaded). Counted (bench/lib/intl-formats.mjs) from
// navigation until the page has loaded and the browser has been idle twice (the start's deferred
// work, components/ui/after-start.ts, has run).
import { launchChromium } from '../lib/browser.mjs';
import { countIntlFormats } from '../lib/intl-formats.mjs';
import { watchReactCommits } from '../lib/react-commits.mjs';
import { changeTrip, openScreen, quote, tapPin, typeRecordedFields } from './tap-to-price.mjs';

export const BUDGET = { intlFormatsAtStart: 0, pinTapAddressFields: 0, cotizarFields: 0 };

/**
 * The commits of one step up to `until` (the page's clock; the price painted, for a quote): how
 * many components they drew and which fields. Exported for its test.
 */
export function redrawsOf(commits, until = Infinity) {
  const before = commits.filter((commit) => commit.at <= until);
  return {
    commits: before.length,
    components: before.reduce((sum, commit) => sum + commit.rendered.length, 0),
    fields: before.flatMap((commit) => commit.fields),
  };
}

/** The fields of a stop's address (street, numbers, colonia, zip), not its coordinates. */
export const addressFieldsOf = (fields) => fields.filter((name) => !name.endsWith('.coordinates'));

/** Runs `step` with the commit list on; the commits it made (until `until()` if given). */
async function watched(page, step, until) {
  await page.evaluate(() => window.__commits.start());
  await step();
  const commits = await page.evaluate(() => {
    window.__commits.stop();
    return window.__commits.commits;
  });
  return redrawsOf(commits, until ? await until() : Infinity);
}

/** The Intl formats made from navigation until the page has loaded and been idle twice. */
async function intlFormatsAtStart(page) {
  return page.evaluate(async () => {
    if (document.readyState !== 'complete') {
      await new Promise((loaded) => addEventListener('load', loaded, { once: true }));
    }
    for (let i = 0; i < 2; i++) await new Promise((idle) => requestIdleCallback(idle));
    return [...window.__intlFormats];
  });
}

const paintedAt = (page, n) => () => page.evaluate((i) => window.__tapToPrice.painted[i], n - 1);

export async function measureCotizarRedraws(server) {
  const browser = await launchChromium();
  const steps = {};
  let atStart = [];
  try {
    const { context, page } = await openScreen(browser, {
      origin: server.origin,
      cpuSlowdown: 1,
      initScripts: [watchReactCommits, countIntlFormats],
    });
    try {
      atStart = await intlFormatsAtStart(page);
      steps.pinA = await watched(page, () => tapPin(page, 'A'));
      steps.pinB = await watched(page, () => tapPin(page, 'B'));
      await typeRecordedFields(page);
      steps.first = await watched(page, () => quote(page, 1), paintedAt(page, 1));
      await changeTrip(page, '182');
      steps.later = await watched(page, () => quote(page, 2), paintedAt(page, 2));
    } finally {
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const missed = [
    ...(atStart.length > BUDGET.intlFormatsAtStart ? ['Intl formats made at start'] : []),
    ...['pinA', 'pinB']
      .filter((step) => addressFieldsOf(steps[step].fields).length > BUDGET.pinTapAddressFields)
      .map((step) => `${step}: address fields drawn again`),
    ...['first', 'later']
      .filter((step) => steps[step].fields.length > BUDGET.cotizarFields)
      .map((step) => `${step} quote: fields drawn again`),
  ];
  const text = (name, q, fields = q.fields) =>
    `${name}: ${fields.length} drawn again` +
    (fields.length ? ` (${[...new Set(fields)].join(', ')})` : '') +
    `, ${q.components} components in ${q.commits} commits`;
  return {
    id: 'cotizar-redraws',
    title: 'Intl formats at start; fields a pin tap and a Cotizar draw again',
    budget:
      'no Intl format made before the first pin; a pin tap draws no address field again (until ' +
      'its address is looked up); a Cotizar no field at all (until the price is painted), first ' +
      'and later quote',
    result:
      `Intl formats made at start: ${atStart.length}` +
      (atStart.length
        ? ` (${atStart.map((made) => `${made.kind} at ${made.at} ms`).join(', ')})`
        : '') +
      `; address fields at ${text('pin A', steps.pinA, addressFieldsOf(steps.pinA.fields))}; ` +
      `${text('pin B', steps.pinB, addressFieldsOf(steps.pinB.fields))}; fields at ` +
      `${text('the first Cotizar', steps.first)}; ${text('a later one', steps.later)}` +
      (missed.length ? `; missed: ${missed.join(', ')}` : ''),
    passed: missed.length === 0,
    conditions: { viewport: { width: 768, height: 1024 }, cpuSlowdown: 1 },
    figures: {
      intlFormatsAtStart: atStart,
      ...Object.fromEntries(
        Object.entries(steps).map(([step, q]) => [
          step,
          { ...q, fields: q.fields.length, fieldNames: q.fields },
        ]),
      ),
    },
  };
}
