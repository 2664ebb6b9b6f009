// Figure 7: what a first quote costs the dispatcher, counted rather than timed. On a tablet
// (768×1024, touch), signed in on an empty screen, Chromium does what the screen asks: two taps on
// the map (A, then B), then it writes what is still missing, field by field, in the order the
// screen leads (a tap on a field that does not already have the focus counts as a tap), and taps
// "Cotizar". It counts the taps and the characters typed, once with the built-in gazetteer (which
// knows colonias, not streets) and once with a street-level geocoder (a Photon stand-in answering
// in Photon's own GeoJSON on a loopback port).
import { runnerImport } from 'vite';
import { ROOT, startApp } from '../lib/app-server.mjs';
import { launchChromium, signedInTablet } from '../lib/browser.mjs';
import { TYPED } from '../lib/trip.mjs';
import { tapPin } from './tap-to-price.mjs';

export const BUDGET = {
  builtin: { taps: 6, typed: 19 },
  photon: { taps: 3, typed: 0 },
};

const REQUIRED = ['street', 'exteriorNumber', 'neighborhood', 'zipCode'];

async function journey(browser, origin) {
  const context = await signedInTablet(browser, origin);
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/`);
    await page.locator('.leaflet-tile-loaded').first().waitFor({ timeout: 30_000 });

    const count = { taps: 0, typed: 0 };
    for (const letter of ['A', 'B']) {
      count.taps++;
      await tapPin(page, letter);
    }
    // Once the addresses are in, the screen takes the keyboard to the first field still to write,
    // a frame later: a dispatcher looks up from the map to that field. Given a moment to do so
    // (a busy machine delays the frame); if it does not, the field's tap is counted.
    await page
      .waitForFunction(
        () =>
          document.activeElement instanceof HTMLInputElement &&
          document.activeElement.form?.id === 'quote-panel',
        undefined,
        { timeout: 5_000 },
      )
      .catch(() => {});
    // Then whatever the screen still asks for, in its order, until its guide says all is set.
    for (let guard = 0; guard < 10; guard++) {
      const next = await page.evaluate(
        ({ required }) => {
          const active = document.activeElement;
          const needs = (input) =>
            input.value.trim() === '' || input.getAttribute('data-origin') === 'earlier';
          if (active instanceof HTMLInputElement && needs(active) && active.name.includes('.')) {
            return { name: active.name, focused: true };
          }
          for (const point of ['pickup', 'dropoffs.0']) {
            for (const field of required) {
              const input = document.querySelector(`input[name="${point}.${field}"]`);
              if (input && needs(input)) return { name: input.name, focused: false };
            }
          }
          return null;
        },
        { required: REQUIRED },
      );
      if (!next) break;
      const input = page.locator(`input[name="${next.name}"]`);
      if (!next.focused) {
        count.taps++;
        await input.tap();
      }
      const field = next.name.split('.').at(-1);
      const text = TYPED[next.name.slice(0, -field.length - 1)][field];
      count.typed += text.length;
      await page.keyboard.type(text);
    }
    count.taps++;
    await page.getByRole('button', { name: 'Cotizar' }).tap();
    await page
      .locator('section[aria-labelledby="quote-result-title"][data-state="fresh"]')
      .waitFor({ timeout: 30_000 });
    return count;
  } finally {
    await context.close();
  }
}

export async function measureFirstQuoteEffort(server, { tiles }) {
  const { module: photonStandIn } = await runnerImport(`${ROOT}/test/support/photon-stand-in.ts`, {
    configFile: false,
    root: ROOT,
    logLevel: 'error',
    resolve: { alias: { '@': ROOT } },
  });
  const photon = await photonStandIn.startPhotonStandIn();
  const photonServer = await startApp({
    label: 'photon server',
    env: { NEXT_PUBLIC_TILE_URL: tiles.urlTemplate, GEOCODER: 'photon', PHOTON_URL: photon.url },
  });
  const browser = await launchChromium();
  try {
    const builtin = await journey(browser, server.origin);
    const street = await journey(browser, photonServer.origin);
    const within = (count, budget) => count.taps <= budget.taps && count.typed <= budget.typed;
    return {
      id: 'first-quote-effort',
      title: 'taps and typed characters to a first quote',
      budget: `built-in gazetteer ≤ ${BUDGET.builtin.taps} taps and ${BUDGET.builtin.typed} characters; Photon ≤ ${BUDGET.photon.taps} taps and ${BUDGET.photon.typed}`,
      result: `built-in: ${builtin.taps} taps, ${builtin.typed} characters; Photon: ${street.taps} taps, ${street.typed} characters`,
      passed: within(builtin, BUDGET.builtin) && within(street, BUDGET.photon),
      figures: { builtin, photon: street },
    };
  } finally {
    await browser.close();
    await photonServer.stop();
    await photon.close();
  }
}
