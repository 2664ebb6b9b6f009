#!/usr/bin/env node
// `npm run test:money-mutants`: the money path's own mutation bar. Each mutant of
// scripts/money-mutants.json (a bug a person could write in the price, the legs, the night
// surcharge or the quote's headers) is applied alone, in place, and the Vitest files it names are
// run against it; the run fails unless every mutant is killed (some named test fails). Stryker's
// standard mutators cannot write most of these (docs/testing.md).
//
//   npm run test:money-mutants                 every mutant
//   npm run test:money-mutants -- night-start  only the mutants whose id contains a word
//
//   npm run test:money-mutants -- --in-copy    in a copy of the sources (what `npm test` runs):
//                                              the checkout is never edited, so builds and the
//                                              browser tests run beside it
//
// The source is restored after each mutant, on Ctrl-C and on any failure of this script; the
// named tests are first run once against the unmutated code, which must pass.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Writable } from 'node:stream';
import { createVitest } from 'vitest/node';
import { acquireBuildLock } from './build-if-needed.mjs';

const CHECKOUT = join(import.meta.dirname, '..');
const LIST = join(import.meta.dirname, 'money-mutants.json');
const inCopy = process.argv.includes('--in-copy');

/** What a copy leaves out: installed packages (linked instead), builds, reports, git. */
const NOT_COPIED = new Set([
  'node_modules',
  '.git',
  '.data',
  'test-results',
  'playwright-report',
  'reports',
]);
/**
 * The sources in a temporary folder beside the checkout's packages: the mutants are applied there
 * and the checkout stays as it is. (`../shared` is linked too: some tests read the design docs.)
 */
function copyOfSources() {
  const copy = mkdtempSync(join(tmpdir(), 'dq-money-mutants-'));
  const root = join(copy, basename(CHECKOUT));
  cpSync(CHECKOUT, root, {
    recursive: true,
    filter: (path) => {
      const name = basename(path);
      return !NOT_COPIED.has(name) && !name.startsWith('.next') && !name.startsWith('.stryker');
    },
  });
  symlinkSync(join(CHECKOUT, 'node_modules'), join(root, 'node_modules'), 'dir');
  symlinkSync(join(CHECKOUT, '..', 'shared'), join(copy, 'shared'), 'dir');
  process.on('exit', () => rmSync(copy, { recursive: true, force: true }));
  return root;
}

const ROOT = inCopy ? copyOfSources() : CHECKOUT;

/** @typedef {{ id: string, file: string, find: string, regex?: boolean, replace: string, tests: string[], why: string }} Mutant */

/** @type {Mutant[]} */
const all = JSON.parse(readFileSync(LIST, 'utf8')).mutants;
const words = process.argv.slice(2).filter((word) => word !== '--in-copy');
const mutants = words.length ? all.filter((m) => words.some((w) => m.id.includes(w))) : all;
if (mutants.length === 0) fail(`no mutant id contains ${words.join(' or ')}`);

const originals = new Map();
const times = new Map();
/**
 * The source as it was, with its modification time to the nanosecond (build-if-needed.mjs
 * fingerprints it; utimes would round it to the microsecond).
 */
function restore(path) {
  writeFileSync(path, originals.get(path));
  const { mtimeNs } = times.get(path);
  const at = `@${mtimeNs / 1_000_000_000n}.${String(mtimeNs % 1_000_000_000n).padStart(9, '0')}`;
  if (spawnSync('touch', ['-m', '-d', at, path]).status !== 0) {
    utimesSync(path, new Date(), new Date(Number(mtimeNs / 1_000_000n)));
  }
}
/** Set while the sources are edited: no build may start then (it would build a mutant). */
let releaseBuildLock = () => {};
function restoreAll() {
  for (const path of originals.keys()) restore(path);
  releaseBuildLock();
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    restoreAll();
    process.exit(130);
  });
}
// A copy is removed whole on exit (copyOfSources).
if (!inCopy) process.on('exit', restoreAll);

function fail(message) {
  console.error(`money-mutants: ${message}`);
  process.exit(2);
}

/** The source with the mutant applied; fails loudly unless its pattern matches exactly once. */
function mutate(source, mutant) {
  if (mutant.regex) {
    const pattern = new RegExp(mutant.find, 'g');
    const matches = source.match(pattern)?.length ?? 0;
    if (matches !== 1)
      fail(`${mutant.id}: /${mutant.find}/ matches ${matches} times in ${mutant.file}, not once`);
    return source.replace(new RegExp(mutant.find), mutant.replace);
  }
  const matches = source.split(mutant.find).length - 1;
  if (matches !== 1)
    fail(`${mutant.id}: "${mutant.find}" occurs ${matches} times in ${mutant.file}, not once`);
  return source.replace(mutant.find, () => mutant.replace);
}

/** What a file's run came to: its failed tests, and the errors to show (a load error among them). */
async function runFile(file) {
  const path = join(ROOT, file);
  const run = await runner.runTestSpecifications([
    runner.getRootProject().createSpecification(path),
  ]);
  // The answer lists every file run so far, with its last result: only this one's counts here.
  const testModule = run.testModules.find((candidate) => candidate.moduleId === path);
  if (!testModule) return { failed: [], errors: [`${file} did not run`] };
  // A suite whose hook failed against the mutant counts as a failed test, as `vitest run` says it.
  const failedTasks = [
    ...testModule.children.allTests(),
    ...testModule.children.allSuites(),
  ].filter((task) => (task.type === 'suite' ? task.state() : task.result().state) === 'failed');
  const errors = [
    ...run.unhandledErrors.map(String),
    ...failedTasks.flatMap((task) =>
      (task.type === 'suite' ? task.errors() : (task.result().errors ?? [])).map(
        (error) => `${task.fullName}: ${error.message}`,
      ),
    ),
    ...testModule.errors().map((error) => error.message),
  ];
  return { failed: failedTasks.map((task) => `${file} > ${task.fullName}`), errors };
}

/** The files in turn until one fails: killed when a test failed, broken when a file did not load. */
async function vitest(files) {
  const started = Date.now();
  for (const file of files) {
    const { failed, errors } = await runFile(file);
    if (failed.length || errors.length)
      return {
        status: 1,
        seconds: (Date.now() - started) / 1000,
        failed,
        output: errors.join('\n'),
      };
  }
  return { status: 0, seconds: (Date.now() - started) / 1000, failed: [], output: '' };
}

// Every pattern is checked before anything runs, so a stale list fails in a second.
for (const mutant of mutants) {
  const path = join(ROOT, mutant.file);
  if (!originals.has(path)) {
    originals.set(path, readFileSync(path, 'utf8'));
    times.set(path, statSync(path, { bigint: true }));
  }
  mutate(originals.get(path), mutant);
}

process.env.NEXT_TELEMETRY_DISABLED = '1';
/**
 * One Vitest for the whole run, kept between mutants: its transforms are cached, and after a mutant
 * is written (or the source restored) only that file is transformed again (`invalidateFile`). A
 * `vitest run` per mutant paid Vitest's start and every module's transform each time: 145 s of CPU
 * for the 30 mutants, most of it starting (docs/testing.md). One worker: the files of a mutant run
 * one at a time, in the order listed, and the first that fails ends its run.
 */
const runner = await createVitest(
  'test',
  { root: ROOT, watch: false, maxWorkers: 1, reporters: [{}], passWithNoTests: false },
  {},
  { stdout: new Writable({ write: (_chunk, _encoding, done) => done() }), stderr: process.stderr },
);
const everyTest = [...new Set(mutants.flatMap((m) => m.tests))];
const baseline = await vitest(everyTest);
if (baseline.status !== 0) {
  console.error([...baseline.failed, baseline.output].join('\n'));
  fail('the named tests fail on the unmutated code; mend them first');
}
console.log(
  `baseline: ${everyTest.length} test files pass on the unmutated code (${baseline.seconds.toFixed(1)} s)`,
);

// From here the sources are edited: builds (the browser tests', the bench's, `npm start`'s) wait,
// unless the sources edited are a copy's.
if (!inCopy) releaseBuildLock = acquireBuildLock();
const survivors = [];
const started = Date.now();
for (const mutant of mutants) {
  const path = join(ROOT, mutant.file);
  writeFileSync(path, mutate(originals.get(path), mutant));
  runner.invalidateFile(path);
  let run;
  try {
    run = await vitest(mutant.tests);
  } finally {
    restore(path);
    runner.invalidateFile(path);
  }
  // Killed means a test failed; a test file that could not even load is a broken mutant.
  if (run.status !== 0 && run.failed.length === 0) {
    console.error(run.output);
    fail(`${mutant.id}: the tests did not run against it (a mutant that does not parse?)`);
  }
  const killed = run.status !== 0;
  if (!killed) survivors.push(mutant);
  console.log(
    `${killed ? 'killed  ' : 'SURVIVED'} ${mutant.id} (${run.seconds.toFixed(1)} s)` +
      (killed && run.failed[0] ? `\n         by ${run.failed[0]}` : `\n         ${mutant.why}`),
  );
}
console.log(
  `${mutants.length - survivors.length} / ${mutants.length} killed in ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
await runner.close();
// Vitest sets a failing exit code when a test fails, as it must against every mutant.
process.exitCode = 0;
if (survivors.length) {
  console.error(
    `money-mutants: ${survivors.length} survived: ${survivors.map((m) => m.id).join(', ')}`,
  );
  process.exit(1);
}
