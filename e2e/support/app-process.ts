import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { WorkerFixture } from '@playwright/test';
import { seedEmbeddedDatabase } from '../../test/support/embedded-database';
import { E2E_SERVER_ENV } from './server-env';

/**
 * A production server of the build for one spec, as `npm start` serves it (scripts/serve.mjs), on a
 * free loopback port with a data directory of its own: specs that need their own configuration, or
 * want to read the server's log, start one beside the suite's. Without DATABASE_URL its embedded
 * database starts from the tests' migrated copy (test/support/embedded-database.ts), as a restarted
 * `npm start` finds its own: the first start's initdb, 4 s of CPU and 2.5 s before the server
 * answers, is what the suite's own server (playwright.config.ts) and the smoke bench go through.
 */
export interface AppProcess {
  baseURL: string;
  /** Every line the server wrote (stdout and stderr), in order. */
  readonly lines: string[];
  close(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export async function startAppProcess({
  env = {},
}: { env?: Record<string, string> } = {}): Promise<AppProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'dispatch-quote-e2e-'));
  if (!env.DATABASE_URL) await seedEmbeddedDatabase(dataDir);
  const lines: string[] = [];
  const child = spawn(
    process.execPath,
    [
      join(process.cwd(), 'scripts', 'serve.mjs'),
      '--port',
      String(port),
      '--hostname',
      '127.0.0.1',
    ],
    {
      env: {
        ...process.env,
        ...E2E_SERVER_ENV,
        DATA_DIR: dataDir,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const app: AppProcess = {
    baseURL: `http://127.0.0.1:${port}`,
    lines,
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream }).on('line', (line) => {
      lines.push(line);
    });
  }
  try {
    await waitForHealth(`${app.baseURL}/api/health`, child, 60_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return app;
}

/**
 * A worker fixture for a spec whose server is its own (`startAppProcess` with its configuration,
 * or an app behind a stand-in): started once per worker, up to 90 s, and closed after the
 * worker's last test. A project whose grep selects none of the spec's tests never starts it.
 */
export function serverOfItsOwn<App extends { close(): Promise<void> }>(
  start: () => Promise<App>,
): [WorkerFixture<App, object>, { scope: 'worker'; timeout: number }] {
  return [
    async ({}, provide: (app: App) => Promise<void>) => {
      const app = await start();
      await provide(app);
      await app.close();
    },
    { scope: 'worker', timeout: 90_000 },
  ];
}
