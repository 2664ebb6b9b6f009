#!/usr/bin/env node
// Runs a command with TMPDIR set to a directory of its own, and removes that directory when the
// command ends, however it ends (failure, Ctrl-C, a killed test worker):
//
//   node scripts/with-own-tmpdir.mjs vitest run …
//
// The tests start many servers, each with a data directory of its own (an embedded database of
// ~20 MB, sign-outs, Chromium profiles, PostgreSQL clusters). A test process killed by its runner
// never reaches its own clean-up, so without this the leftovers add up run after run: tens of GB
// seen on the development machine, and a CI run that ended in "ENOSPC: no space left on device".
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/with-own-tmpdir.mjs <command> [args…]');
  process.exit(2);
}

const dir = mkdtempSync(join(tmpdir(), 'dispatch-quote-run-'));
// The PostgreSQL servers the tests start run as an unprivileged user: they must reach their own
// directory inside this one (mkdtemp makes it 0700, for its owner only).
chmodSync(dir, 0o755);

const child = spawn(command, args, {
  stdio: 'inherit',
  env: { ...process.env, TMPDIR: dir },
});
const remove = () => rmSync(dir, { recursive: true, force: true, maxRetries: 3 });

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => child.kill(signal));
}
child.on('error', (error) => {
  console.error(`with-own-tmpdir: could not run ${command}: ${error.message}`);
  remove();
  process.exit(127);
});
child.on('exit', (code, signal) => {
  remove();
  process.exit(code ?? (signal ? 128 + ({ SIGINT: 2, SIGTERM: 15, SIGHUP: 1 }[signal] ?? 9) : 1));
});
