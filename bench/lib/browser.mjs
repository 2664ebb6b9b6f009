// Debian's Chromium (or Playwright's own, where that is installed), headless, for the screen's figures.
import { existsSync } from 'node:fs';
import { chromium, devices } from 'playwright-core';
import { DISPATCHER } from './trip.mjs';

export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const bundled = chromium.executablePath();
  if (existsSync(bundled)) return bundled;
  throw new Error(
    'no Chromium: install Debian’s chromium, or run `npx playwright install chromium`',
  );
}

export function launchChromium() {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_FLAGS.filter((f) => f !== '--headless=new'),
  });
}

/**
 * A tablet (768×1024, touch, es-MX on Mexico City's clock, no service worker) signed in as the
 * demo dispatcher through POST /api/session: what the screen's journeys start from. The caller
 * closes it.
 */
export async function signedInTablet(browser, origin) {
  const context = await tablet(browser);
  await signIn(context, origin);
  return context;
}

/** The same tablet, signed in nowhere (the bench's bare pages). The caller closes it. */
export function tablet(browser) {
  return browser.newContext({
    ...devices['iPad (gen 7)'],
    viewport: { width: 768, height: 1024 },
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
    serviceWorkers: 'block',
  });
}

/** Signs `context` in as the demo dispatcher through POST /api/session; closes it on a refusal. */
export async function signIn(context, origin) {
  const response = await context.request.post(`${origin}/api/session`, {
    headers: { origin },
    data: DISPATCHER,
  });
  if (response.status() !== 200) {
    await context.close();
    throw new Error(`sign-in failed: HTTP ${response.status()}`);
  }
}
