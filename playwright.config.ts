import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_SERVER_ENV } from './e2e/support/server-env';

/**
 * Browser tests run against a production build (`scripts/e2e.mjs` builds it first) with the
 * built-in courier, in Debian's Chromium where it is installed, elsewhere Playwright's own:
 * `CHROMIUM_PATH` when set (`/usr/bin/chromium` for `--headed` or `--ui`), else Debian's old
 * headless shell, `chromium-headless-shell` (the same Chromium without the full browser around it,
 * as Playwright's own headless runs use: quote.spec.ts and hand-over.spec.ts on desktop, side by
 * side at the same load, took 31.9 s of CPU in it against 42.1 s in `chromium`), else `chromium`.
 */
const SYSTEM_CHROMIUM = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
].find((path) => path && existsSync(path));
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${PORT}`;

/** The tags of tests that run on every device: `@touch` (taps, drags, pins) and `@layout`. */
const DEVICE_TAGS = /@touch|@layout/;

const launchOptions = SYSTEM_CHROMIUM
  ? {
      executablePath: SYSTEM_CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    }
  : {};

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  // A stray test.only would narrow CI to one test and still pass: refused when CI is set.
  forbidOnly: !!process.env.CI,
  // Two browsers on two cores: a third gave no time back in CI (e2e 5.2 min with two, 5.1 with
  // three, on the same machine), only more load.
  workers: 2,
  // No retries: a test that fails once fails the run (a retry would let a flake pass as "flaky").
  retries: 0,
  failOnFlakyTests: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL,
    // A failed test keeps a screenshot and its error context (the error, the test's source around
    // it and the page's accessibility tree when it failed, error-context.md); run by hand it keeps
    // its trace too (DOM snapshots, network, console). In CI no trace is recorded: taken of every
    // test to be thrown away when it passes, it cost about a sixth of the suite's CPU (e2e/quote
    // .spec.ts on desktop: 18.7 s of CPU with it, 15.4 s without; its screencast, never recorded
    // now, 27.5–28.8 s against 22.9 s). To see a CI failure step by step, run the spec again with
    // `--trace on`.
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
    launchOptions,
    // On every profile, but where a spec asks for the app's service worker (below, over projects).
    serviceWorkers: 'block',
  },
  // Every test runs on desktop. A test whose point is touch or layout (map taps and drags, pins,
  // screen fit, the several-stops layout, the offline screen) says so with a tag, and runs on the
  // tablet and the phone too; the rest behaves the same on any device (the same browser, server
  // and code), so a second and third run of it would check nothing new.
  //
  // The app's service worker (offline, kept tiles, the screen's files on the device) runs, on every
  // profile, in the specs whose point it is or whose device tests reload the screen or go from page
  // to page, which it serves on a dispatcher's device (`test.use(WITH_SERVICE_WORKER)`,
  // e2e/support/screen.ts). Elsewhere it is blocked: each new context would install it and precache
  // the build's ~1 MB of files again, and keep every tile the test drew, a fifth of a test's CPU
  // (quote, several-dropoffs and addresses on desktop, 24 tests: 60.0 → 47.7 s of CPU; the whole
  // suite's test time 573 → 535 s, 2026-11-27; screen-fit, stops-and-coverage and pin-moves on the
  // tablet, 17 tests: 101.9–120.6 → 84.9–87.4 s of the machine's CPU, 2026-12-02), for a test of
  // what a tap does or what fits the screen, which the worker does not touch.
  projects: [
    {
      name: 'desktop',
      // The desktop's tests check what the screen does, not how it moves: they run as on a device
      // that asks for less motion, where the map jumps to a new view and the result card comes
      // into view at once (e2e/motion.spec.ts). The desktop's 121 tests took 207 s instead of
      // 235 s (2026-12-02, one run each, 2 × AMD EPYC); quote, several-dropoffs and
      // stops-and-coverage alone 68 s of CPU instead of 103. The tablet and the phone, where taps
      // meet a moving map, keep full motion.
      use: { ...devices['Desktop Chrome'], reducedMotion: 'reduce', launchOptions },
    },
    // The screen is designed for a 768×1024 tablet (turned to 1024×768 in the layout spec) and a
    // 390×844 phone, both with touch.
    {
      name: 'tablet',
      grep: DEVICE_TAGS,
      use: {
        ...devices['iPad (gen 7)'],
        viewport: { width: 768, height: 1024 },
        browserName: 'chromium',
        launchOptions,
      },
    },
    {
      name: 'phone',
      grep: DEVICE_TAGS,
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 390, height: 844 },
        browserName: 'chromium',
        launchOptions,
      },
    },
  ],
  // Served as `npm start` serves it (scripts/serve.mjs), with sign-outs in a directory of its own.
  webServer: {
    command: `node scripts/serve.mjs --port ${PORT} --hostname 127.0.0.1`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      ...E2E_SERVER_ENV,
      PORT: String(PORT),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'dispatch-quote-e2e-')),
    },
  },
});
