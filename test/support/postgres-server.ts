import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort } from '../../e2e/support/app-process';

/**
 * A PostgreSQL server of the test's own, from the distribution's packages (Debian's postgresql:
 * /usr/lib/postgresql/<version>/bin), in a temporary directory on a free loopback port — never a
 * system service, never a fixed port. PostgreSQL refuses to run as root: as root (CI, this
 * workplace) the server runs as `nobody`; otherwise as the user running the tests.
 *
 * It can be stopped and started again on the same port with the same data, as a server that goes
 * away and comes back.
 */
export interface PostgresServer {
  port: number;
  /** A new, empty database on this server: one per test file keeps tests apart. */
  createDatabase(): Promise<string>;
  /** A fast shutdown: open connections are ended, the data stays. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and deletes its files. */
  close(): Promise<void>;
}

/** The directory of initdb and postgres: the newest version installed, else PATH. */
function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((name) => existsSync(join(root, name, 'bin', 'postgres')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(root, versions[0], 'bin');
  }
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  return which.status === 0 ? join(which.stdout.trim(), '..') : undefined;
}

export function postgresInstalled(): boolean {
  return postgresBinDir() !== undefined;
}

/** Who the server runs as: `nobody` when the tests run as root (PostgreSQL refuses root). */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) =>
    Number(spawnSync('id', [flag, 'nobody'], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g') };
}

async function waitUntilAccepting(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => {});
      if (Date.now() > deadline) {
        throw new Error(`PostgreSQL did not accept connections within ${timeoutMs} ms`, {
          cause: error,
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export async function startPostgresServer(): Promise<PostgresServer> {
  const bin = postgresBinDir();
  if (!bin) {
    throw new Error(
      'PostgreSQL is not installed: apt-get install postgresql (.ci/run installs it on CI)',
    );
  }
  const user = serverUser();
  const dir = mkdtempSync(join(tmpdir(), 'dq-postgres-'));
  if (user) chownSync(dir, user.uid, user.gid);
  const data = join(dir, 'data');
  const initdb = spawnSync(
    join(bin, 'initdb'),
    ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync'],
    { encoding: 'utf8', ...user, env: { ...process.env, HOME: dir } },
  );
  if (initdb.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed: ${initdb.stderr || initdb.stdout}`);
  }
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      join(bin, 'postgres'),
      [
        ...['-D', data, '-p', String(port), '-k', dir],
        ...['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'max_connections=200'],
      ],
      { stdio: 'ignore', ...user },
    );
    await waitUntilAccepting(port, 20_000);
  };
  // SIGINT: PostgreSQL's fast shutdown (open connections are ended).
  const stop = async () => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGINT');
    await exited;
  };
  await start();
  return {
    port,
    async createDatabase() {
      const name = `dq_${randomBytes(6).toString('hex')}`;
      const client = new Client({
        host: '127.0.0.1',
        port,
        user: 'postgres',
        database: 'postgres',
      });
      await client.connect();
      try {
        await client.query(`create database ${name}`);
      } finally {
        await client.end();
      }
      return `postgresql://postgres@127.0.0.1:${port}/${name}`;
    },
    stop,
    start,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
