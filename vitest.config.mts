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
    // Two workers on two cores: most files wait on servers, throttles and timers, not the CPU (one
    // used 40 % of the machine). The production instances' files (test/instances: their
    // drills quote at a steady pace, not flat out) run beside this run in a Vitest of their own,
    // one file at a time; the connection flood, which measures answer times under load, runs after
    // both, alone (`npm run test:unit`). Builds take turns through build-if-needed's lock.
    maxWorkers: 2,
    // Worker threads rather than child processes: the same files in the same isolation (each file
    // its own module graph), without a Node process started per file: `vitest run` of the 159
    // files outside test/instances took 145 s of CPU in threads against 160 s in forks (137 / 143 s
    // wall, 2026-11-27), all passing either way.
    pool: 'threads',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    env: { NODE_ENV: 'test', LOG_LEVEL: 'silent', NEXT_TELEMETRY_DISABLED: '1' },
  },
});
