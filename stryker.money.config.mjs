// @ts-check
import base from './stryker.config.mjs';

/**
 * Stryker on the money path alone (pricing.ts and quotation.ts), against the tests that price a
 * trip: `npx stryker run stryker.money.config.mjs`. The whole-project run (stryker.config.mjs)
 * runs every contract and hardening test first, which on two busy cores can time out.
 *
 * 2026-11-26, `nice -n 15 npx stryker run stryker.money.config.mjs --concurrency 1`: 96.77 %
 * (pricing.ts 60 / 62, quotation.ts 90 / 93; 44 mutants did not compile). The 5 survivors are
 * equivalent: `price + discount` (the discount is always 0), `fromHour <= toHour` (the schema
 * refuses equal hours), and three on the drop-off coverage check (`stop >= 0`, `true`,
 * `outside >= 0`: stop 0 is the pickup, whose zone was found at it, so it is always covered).
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
const config = {
  ...base,
  vitest: { configFile: 'vitest.money.config.mts', related: false },
  mutate: ['lib/courier-service/pricing.ts', 'lib/courier-service/quotation.ts'],
  ignorePatterns: ['test-results', '.next', 'playwright-report'],
  incrementalFile: 'reports/mutation/stryker-money-incremental.json',
  htmlReporter: { fileName: 'reports/mutation/money.html' },
  jsonReporter: { fileName: 'reports/mutation/money.json' },
};

export default config;
