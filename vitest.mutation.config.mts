import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * vitest.config.mts for Stryker (stryker.config.mjs), with the tests it runs against each mutant:
 * unit tests of lib/ and the contract and hardening tests over real loopback servers. Left out
 * (below): the check that reads the sources as text, and the slowest tests; not included: the
 * bench's own tests and scripts/, app/ and components/ tests, which do not reach the mutated
 * modules.
 */
export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./', import.meta.url)),
      'server-only': fileURLToPath(new URL('./test/support/server-only.ts', import.meta.url)),
    },
  },
  test: {
    include: ['lib/**/*.test.ts', 'test/contract/**/*.test.ts', 'test/hardening/**/*.test.ts'],
    exclude: [
      // Reads the sources' text, which Stryker's instrumentation changes.
      'test/hardening/server-only-modules.test.ts',
      // Slow by design (waits on rate gates, throttles and timeouts, or thousands of generated
      // requests): seconds for every mutant they cover, on two cores hours in all. What they
      // exercise of the mutated modules, faster tests exercise too.
      'test/hardening/load-short.test.ts',
      'test/hardening/validation-properties.test.ts',
      'test/hardening/sign-in-abuse.test.ts',
      'test/hardening/courier-faults.test.ts',
      'test/contract/courier-login.test.ts',
      'test/contract/geocode-nominatim.test.ts',
      'lib/geocoding/nominatim.test.ts',
      '**/node_modules/**',
    ],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    env: { NODE_ENV: 'test', LOG_LEVEL: 'silent', NEXT_TELEMETRY_DISABLED: '1' },
  },
});
