import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { E2E_SERVER_ENV } from './server-env';

/**
 * Another production server of the same build, on a free loopback port, with its own
 * environment (a stand-in geocoder or router beside it): for the journeys that need a
 * configuration the suite's own server does not have.
 */
export interface AppProcess {
  baseURL: string;
  close(): Promise<void>;
}

function freePort(): Promise<number> {
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
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export async function startAppProcess(env: Record<string, string>): Promise<AppProcess> {
  const port = await freePort();
  const next = join(process.cwd(), 'node_modules', 'next', 'dist', 'bin', 'next');
  const child = spawn(
    process.execPath,
    [next, 'start', '--port', String(port), '--hostname', '127.0.0.1'],
    { env: { ...process.env, ...E2E_SERVER_ENV, ...env }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(`${baseURL}/api/health`, child, 60_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    baseURL,
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
