import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { GeocoderStandIn } from '../../test/support/nominatim-stand-in';
import { startPhotonStandIn } from '../../test/support/photon-stand-in';
import { E2E_SERVER_ENV } from './server-env';

/**
 * A second production server of the same build, with GEOCODER=photon pointed at the Photon
 * stand-in (street-level answers in Photon's own GeoJSON), both on free loopback ports: the
 * dispatcher's journey with a geocoder that knows streets.
 */
export interface PhotonApp {
  baseURL: string;
  photon: GeocoderStandIn;
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

export async function startAppWithPhoton(): Promise<PhotonApp> {
  const photon = await startPhotonStandIn();
  const port = await freePort();
  const next = join(process.cwd(), 'node_modules', 'next', 'dist', 'bin', 'next');
  const child = spawn(
    process.execPath,
    [next, 'start', '--port', String(port), '--hostname', '127.0.0.1'],
    {
      env: { ...process.env, ...E2E_SERVER_ENV, GEOCODER: 'photon', PHOTON_URL: photon.url },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(`${baseURL}/api/health`, child, 60_000);
  } catch (error) {
    child.kill('SIGKILL');
    await photon.close();
    throw error;
  }
  return {
    baseURL,
    photon,
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await photon.close();
    },
  };
}
