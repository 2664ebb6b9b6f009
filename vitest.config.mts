import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './test/support/longest-first-sequencer.mjs';

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
    // Three workers on two cores: most files wait on servers, throttles and timers, not the CPU
    // (one used 40 % of the machine), and with two, the last two minutes of this run left a core
    // idle (2026-12-02: `npm test`'s first step, the build made, 320 s wall with two workers, 293 s
    // with three, 540–560 s of CPU either way; all files passed). The production instances' files
    // (test/instances: their drills quote at a steady pace, not flat out) run beside this run in a
    // Vitest of their own, one file at a time; the connection flood, which measures answer times
    // under load, runs after both, alone (`npm run test:unit`). Builds take turns through
    // build-if-needed's lock.
    maxWorkers: 3,
    // Worker threads rather than child processes: the same files in the same isolation (each file
    // its own module graph), without a Node process started per file: `vitest run` of the 159
    // files outside test/instances took 145 s of CPU in threads against 160 s in forks (137 / 143 s
    // wall, 2026-11-27), all passing either way.
    pool: 'threads',
    // On a clean clone (no results of an earlier run), the files that take longest start first:
    // test/support/longest-first-sequencer.mts.
    sequence: { sequencer: LongestFirstSequencer },
    // A guard against a test that hangs, not a bound on its speed (speed is the bench's): at the
    // peak of a clean clone's CI on a slower VM of the same size (2026-12-02: Vitest's main run
    // 526 s where the VM before took 276–315 s), 20 s ran out for tests of 50–250 quotes or ~25
    // password checks that take a few seconds on an idle machine.
    testTimeout: 60_000,
    // A contract file's first server start (its beforeAll) loads the app's modules: 1–3 s on an
    // idle machine, over 30 s at the peak of a clean clone's CI on a slow day (2026-11-27: three
    // hook timeouts in four runs, at load 10+, one of them on the commit before, which had passed
    // the day before). On the slower VM of 2026-12-02 a minute ran out too, at the very start of a
    // clean clone's run (validation-properties' server, with every lane starting beside it): two
    // minutes still catch a start that hangs.
    hookTimeout: 120_000,
    env: { NODE_ENV: 'test', LOG_LEVEL: 'silent', NEXT_TELEMETRY_DISABLED: '1' },
  },
});
