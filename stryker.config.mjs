// @ts-check
/**
 * Mutation testing of the core (issue 20): `npm run test:mutation`, or one module at a time with
 * `npm run test:mutation -- --mutate 'lib/courier-service/pricing.ts'`. Not part of `npm test`: on
 * two shared cores a whole run takes tens of minutes. Each mutant is first type-checked (a mutant
 * that does not compile is not a test's concern), then run against the unit, contract and
 * hardening tests that cover it. The HTML report is written to reports/mutation/ (gitignored);
 * the incremental file beside it lets a later run test only the mutants whose code or tests
 * changed.
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
const config = {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.mts', related: false },
  checkers: ['typescript'],
  tsconfigFile: 'tsconfig.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  coverageAnalysis: 'perTest',
  mutate: [
    'lib/courier-client/**/*.ts',
    'lib/session/**/*.ts',
    'lib/courier-service/pricing.ts',
    'lib/courier-service/quotation.ts',
    'lib/courier-service/tokens.ts',
    'lib/courier-service/zones.ts',
    'lib/courier-service/zone-directory.ts',
    'lib/quote/**/*.ts',
    'lib/quoting/quote-trip.ts',
    'lib/http/read-localized-json.ts',
    'lib/i18n/validation-text.ts',
    'lib/geocoding/address-text.ts',
    '!**/*.test.ts',
  ],
  ignoreStatic: true,
  concurrency: 2,
  timeoutMS: 10_000,
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  reporters: ['html', 'json', 'clear-text', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};

export default config;
