import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./', import.meta.url)),
      // Next's guard against importing server code into the browser; tests are the server.
      'server-only': fileURLToPath(new URL('./test/support/server-only.ts', import.meta.url)),
    },
  },
  test: {
    include: ['{lib,app,components,test,scripts,bench}/**/*.test.{ts,tsx}'],
    environment: 'node',
    // A stray .only would narrow CI to one test and still pass (Vitest's default too, said here).
    allowOnly: !process.env.CI,
    // Workers: Vitest's default, one fork per core but one (so one on CI's 2 cores). Two forks on 2
    // cores saved 9 % of test/contract + test/hardening (262 -> 240 s) and timed one load test out
    // at 20 s: the tests that start servers and count time need the second core for those servers.
    testTimeout: 20_000,
    hookTimeout: 30_000,
    env: { NODE_ENV: 'test', LOG_LEVEL: 'silent', NEXT_TELEMETRY_DISABLED: '1' },
  },
});
