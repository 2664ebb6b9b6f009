// Starts the production build as `npm start` serves it (scripts/serve.mjs: Next's own handler
// behind a server that stamps each request with the connection's address) on a free loopback port,
// with a clean, explicit environment (the built-in courier, demo data, info-level JSON logs, a
// data directory of its own), and hands its log lines to whoever listens.
import { spawn, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { sleep } from './stats.mjs';

export const ROOT = join(import.meta.dirname, '..', '..');
const SERVE = join(ROOT, 'scripts', 'serve.mjs');
export const NEXT_BIN = join(ROOT, 'node_modules', 'next', 'dist', 'bin', 'next');

/** A port nobody listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * However the bench ends (a thrown error included), the server processes still running end with
 * it, and their data directories are removed: one exit listener for all, not one a server (a
 * figure starts up to 12 at once). A server stopped before leaves both sets.
 */
const runningServers = new Set();
const dataDirsToRemove = new Set();
process.on('exit', () => {
  for (const child of runningServers) child.kill('SIGKILL');
  for (const dir of dataDirsToRemove) rmSync(dir, { recursive: true, force: true });
});

/** Only what the app needs from the outside: nothing of the caller's courier or geocoder setup. */
function cleanEnv(extra) {
  const keep = ['PATH', 'HOME', 'LANG', 'TMPDIR', 'NEXT_DIST_DIR'];
  const env = Object.fromEntries(
    keep.filter((name) => process.env[name]).map((name) => [name, process.env[name]]),
  );
  return {
    ...env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    LOG_LEVEL: 'info',
    SESSION_SECRET: randomBytes(36).toString('base64'),
    ...extra,
  };
}

/**
 * The built app, served by scripts/serve.mjs (or plain `next start` with `plainNextStart`). Resolves once it answers; `onLog(line)` sees every stdout line
 * (pino JSON, one object per line). `stop()` ends it and waits for its exit. `nodeArgs` go to
 * node itself (e.g. --cpu-prof, which NODE_OPTIONS refuses).
 */
export async function startApp({
  env = {},
  label = 'app',
  nodeArgs = [],
  plainNextStart = false,
} = {}) {
  const port = await freePort();
  // A data directory of its own (its embedded database is ~20 MB), removed once the server ends.
  const dataDir = env.DATA_DIR ? undefined : mkdtempSync(join(tmpdir(), 'dispatch-quote-bench-'));
  if (dataDir) dataDirsToRemove.add(dataDir);
  const removeDataDir = () => {
    if (!dataDir) return;
    dataDirsToRemove.delete(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const server = await startServerProcess({
      label,
      port,
      args: [
        ...nodeArgs,
        // Plain `next start`, only to measure what scripts/serve.mjs costs beside it.
        ...(plainNextStart ? [NEXT_BIN, 'start'] : [SERVE]),
      ],
      cwd: ROOT,
      env: cleanEnv({ PORT: String(port), DATA_DIR: dataDir, ...env }),
      readyPath: '/api/health',
    });
    const stop = server.stop;
    server.stop = async () => {
      await stop();
      removeDataDir();
    };
    return server;
  } catch (error) {
    removeDataDir();
    throw error;
  }
}

/**
 * A Node server process (`node …args --port <port> --hostname 127.0.0.1` in `cwd`, with exactly
 * `env`), resolved once `readyPath` answers 2xx: the app (startApp) or the bench's bare map page.
 */
export async function startServerProcess({ label, port, args, cwd, env, readyPath }) {
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [...args, '--port', String(port), '--hostname', '127.0.0.1'],
    { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const listeners = new Set();
  const errors = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    for (const listener of listeners) listener(line);
  });
  createInterface({ input: child.stderr }).on('line', (line) => {
    errors.push(line);
    if (errors.length > 50) errors.shift();
  });
  let exited = false;
  runningServers.add(child);
  const exit = new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      exited = true;
      runningServers.delete(child);
      resolve({ code, signal });
    }),
  );

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) {
      throw new Error(`${label}: the server exited before answering:\n${errors.join('\n')}`);
    }
    try {
      const response = await fetch(`${origin}${readyPath}`);
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${label}: the server did not answer within 60 s:\n${errors.join('\n')}`);
    }
    await sleep(100);
  }

  return {
    origin,
    port,
    pid: child.pid,
    /** Calls `listener(line)` for every stdout line from now on; returns the unsubscribe. */
    onLog(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Resident set size of the server process, in bytes. */
    rssBytes: () => rssOf(child.pid),
    /** CPU time (user + system) the server process has used so far, in ms; undefined off Linux. */
    cpuMs: () => cpuOf(child.pid),
    stderr: () => [...errors],
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exit;
      clearTimeout(timer);
    },
  };
}

export function rssOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
    if (Number.isFinite(kb)) return kb * 1024;
  } catch {
    // not Linux: ask ps
  }
  return (
    Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) *
    1024
  );
}

/** User + system CPU time of a process in ms, from /proc (clock ticks of 10 ms on Linux). */
export function cpuOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}
