// `npm run test:e2e`: a production build, a browser (Debian's headless shell or Chromium, else
// Playwright's own, installed on first use: playwright.config.ts chooses), the client-bundle
// secret check, then the Playwright suite.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { chromium } from '@playwright/test';
import { buildIfNeeded } from './build-if-needed.mjs';

function run(command, args) {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const systemBrowsers = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];
if (!systemBrowsers.some((path) => existsSync(path)) && !existsSync(chromium.executablePath())) {
  console.log('No Chromium found: installing Playwright’s own (npx playwright install chromium)…');
  run('npx', ['playwright', 'install', '--with-deps', 'chromium']);
}
buildIfNeeded();
// The browser bundle must hold no server secret and no server-only variable name.
run('node', ['scripts/check-client-bundle.mjs']);
run('npx', ['playwright', 'test', ...process.argv.slice(2)]);
