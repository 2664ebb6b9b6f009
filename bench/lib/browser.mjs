// Debian's Chromium (or Playwright's own, where that is installed), headless, for the screen's figures.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

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
