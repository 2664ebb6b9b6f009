// Builds the production app unless .next already holds a build of exactly these sources. Next's
// own type check is skipped (next.config.js): `npm run typecheck` is the one, and what it checks
// does not change the build. In CI (CI set) Turbopack's build cache is not written (next.config.js).
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { addCompileHints } from './compile-hints.mjs';

const ROOT = join(import.meta.dirname, '..');
const INPUTS = [
  'app',
  'components',
  'lib',
  'public',
  'data',
  'messages',
  'instrumentation.ts',
  'proxy.ts',
  'next.config.js',
  'package-lock.json',
  'tsconfig.json',
];
const DIST = join(ROOT, process.env.NEXT_DIST_DIR || '.next');
const STAMP = join(DIST, 'source-fingerprint');
/** Held while a build runs: two test files (or `npm start` beside a test) must not build at once. */
const LOCK = `${DIST}-build-lock`;
/** A lock older than this was left by a build that died; a build takes minutes, not this. */
const STALE_LOCK_MS = 15 * 60_000;

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Takes the build lock, waiting for another process's build to end first; returns its release.
 * Held by a build, and by `npm run test:money-mutants` while it edits the sources in place: a
 * build started then would build a mutant, for the browser tests or the bench to run against.
 */
export function acquireBuildLock() {
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const age = Date.now() - (statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) rmSync(LOCK, { recursive: true, force: true });
      else sleep(500);
    }
  }
  let held = true;
  return () => {
    if (held) rmSync(LOCK, { recursive: true, force: true });
    held = false;
  };
}

/** Runs `work` holding the build lock. */
function withBuildLock(work) {
  const release = acquireBuildLock();
  try {
    return work();
  } finally {
    release();
  }
}

function* files(path) {
  if (!existsSync(path)) return;
  const stat = statSync(path);
  if (!stat.isDirectory()) {
    yield [path, stat.size, stat.mtimeMs];
    return;
  }
  for (const entry of readdirSync(path).sort()) {
    if (entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    yield* files(join(path, entry));
  }
}

export function sourceFingerprint() {
  const hash = createHash('sha256');
  for (const input of INPUTS)
    for (const entry of files(join(ROOT, input))) hash.update(entry.join('\0') + '\n');
  return hash.digest('hex');
}

export function buildIfNeeded({ force = false } = {}) {
  withBuildLock(() => buildUnlessBuilt(force));
}

function buildUnlessBuilt(force) {
  const fingerprint = sourceFingerprint();
  const built =
    existsSync(join(DIST, 'BUILD_ID')) &&
    existsSync(STAMP) &&
    readFileSync(STAMP, 'utf8') === fingerprint;
  if (built && !force) return;
  console.log('Building the app for production (next build)…');
  const result = spawnSync('npx', ['next', 'build'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: '1',
      NODE_ENV: 'production',
      NEXT_SKIP_TYPECHECK: '1',
      // A CI run's clean clone builds once: Turbopack's build cache would be written, never read.
      ...(process.env.CI ? { NEXT_BUILD_CACHE: '0' } : {}),
    },
  });
  if (result.status !== 0) {
    rmSync(LOCK, { recursive: true, force: true });
    process.exit(result.status ?? 1);
  }
  addCompileHints(DIST);
  writeFileSync(STAMP, fingerprint);
}

if (import.meta.url === `file://${process.argv[1]}`)
  buildIfNeeded({ force: process.argv.includes('--force') });
