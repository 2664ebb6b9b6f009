// @ts-check
/**
 * Stryker on the money path alone (pricing.ts and quotation.ts), against the tests that price a
 * trip: `npx stryker run stryker.money.config.mjs`. The whole-project run (stryker.config.mjs)
 * runs every contract and hardening test first, which on two busy cores can time out.
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
import base from './stryker.config.mjs';

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
