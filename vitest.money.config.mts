import { defineConfig } from 'vitest/config';
import mutation from './vitest.mutation.config.mjs';

/**
 * The tests that price a trip (unit and contract), for Stryker on the money path
 * (stryker.money.config.mjs); otherwise as vitest.mutation.config.mts.
 */
export default defineConfig({
  ...mutation,
  test: {
    ...mutation.test,
    include: [
      'lib/courier-service/**/*.test.ts',
      'lib/courier-client/answers.test.ts',
      'test/contract/courier-quotation.test.ts',
      'test/contract/courier-pricing-time.test.ts',
      'test/contract/courier-road-distance.test.ts',
      'test/contract/app-several-dropoffs.test.ts',
      'test/contract/app-builtin-courier.test.ts',
    ],
  },
});
