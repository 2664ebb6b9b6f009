// A PostgreSQL server of the bench's own (the bench's twin of test/support/postgres-server.ts):
// Debian's postgresql package, a cluster in a temporary directory on a free loopback port, run as
// `nobody` when the bench runs as root (PostgreSQL refuses root); `stop()` removes the directory.
// Undefined when PostgreSQL is not installed.
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './app-server.mjs';
import { sleep } from './stats.mjs';

function binDir() {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => existsSync(join(root, name, 'bin', 'postgres')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions[0] && join(root, versions[0], 'bin');
}

const asNobody = () => {
  if (process.getuid?.() !== 0) return {};
  const id = (flag) => Number(spawnSync('id', [flag, 'nobody'], { encoding: 'utf8' }).stdout);
  return { uid: id('-u'), gid: id('-g') };
};

/**
 * `settings` are extra `-c name=value` pairs (the seeding of millions of rows wants more memory
 * for its index builds than the defaults give).
 */
export async function startPostgresServer({ settings = {} } = {}) {
  const bin = binDir();
  if (!bin) return undefined;
  const user = asNobody();
  const dir = mkdtempSync(join(tmpdir(), 'dispatch-quote-bench-pg-'));
  if (user.uid !== undefined) chownSync(dir, user.uid, user.gid);
  const data = join(dir, 'data');
  const initdb = spawnSync(
    join(bin, 'initdb'),
    ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync'],
    { encoding: 'utf8', ...user, env: { PATH: process.env.PATH, HOME: dir } },
  );
  if (initdb.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed: ${initdb.stderr || initdb.stdout}`);
  }
  const port = await freePort();
  const options = {
    listen_addresses: '127.0.0.1',
    fsync: 'off',
    max_connections: 200,
    ...settings,
  };
  const child = spawn(
    join(bin, 'postgres'),
    [
      ...['-D', data, '-p', String(port), '-k', dir],
      ...Object.entries(options).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    { stdio: 'ignore', ...user },
  );
  const killOnExit = () => child.kill('SIGKILL');
  process.on('exit', killOnExit);
  const exit = new Promise((resolve) => child.on('exit', resolve));
  const url = (database) => `postgresql://postgres@127.0.0.1:${port}/${database}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const client = new pg.Client({ connectionString: url('postgres') });
    try {
      await client.connect();
      await client.query(`create database bench`);
      await client.end();
      break;
    } catch (error) {
      await client.end().catch(() => {});
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not start: ${error.message}`);
      await sleep(100);
    }
  }
  return {
    /** The bench's database on it (empty until an app instance migrates it). */
    url: url('bench'),
    pid: child.pid,
    async stop() {
      process.off('exit', killOnExit);
      if (child.exitCode === null) {
        child.kill('SIGINT');
        await exit;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
