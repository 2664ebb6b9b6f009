import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDED_TRIP } from '../contract/app-fixtures';
import {
  BalancedBrowser,
  buildForProduction,
  startInstance,
  type AppInstance,
} from '../support/app-instances';

/**
 * One address opens 200 connections to the app as `npm start` serves it (scripts/serve.mjs, a
 * production build) and sends requests on all of them as fast as it is answered — sign-in
 * guesses and the sign-in page, half each — while a dispatcher at another address quotes. The
 * server caps what one address holds (lib/http/connection-limits.mjs), so the flood waits behind
 * itself. Real accounts (COURIER_ACCOUNTS_FILE) with COURIER_CLIENTS unset: the app signs in
 * through its own generated API client, the demo one being closed.
 */

/** FLOOD_CONNECTIONS=0 measures the same quotes without the flood, for comparison. */
const FLOOD_CONNECTIONS = Number(process.env.FLOOD_CONNECTIONS ?? 200);
const FLOOD_SECONDS = 15;
const FLOODER = '127.0.0.2';
const DISPATCHER_ADDRESS = '127.0.0.3';
const NEWCOMER_ADDRESS = '127.0.0.4';
const DISPATCHER = { email: 'dispatcher@example.com', password: 'demo-password' };

let app: AppInstance;
let dir: string;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

beforeAll(async () => {
  buildForProduction();
  dir = mkdtempSync(join(tmpdir(), 'connection-flood-'));
  const accountsFile = join(dir, 'accounts.json');
  copyFileSync(join(import.meta.dirname, '../../data/demo-accounts.json'), accountsFile);
  app = await startInstance({
    COURIER_ACCOUNTS_FILE: accountsFile,
    SESSION_SECRET: 'connection-flood-session-secret-0123456789',
    COURIER_PRICING_TIME: '2026-11-20T12:00:00-06:00',
    TRUST_PROXY: '0',
    LOG_LEVEL: 'warn',
  });
}, 900_000);
afterAll(async () => {
  await app?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Sends requests from `FLOODER` on `FLOOD_CONNECTIONS` connections until `until`. */
async function flood(until: number) {
  const agent = new HttpAgent({ keepAlive: true, maxSockets: FLOOD_CONNECTIONS });
  const { hostname, port } = new URL(app.origin);
  const counts = { answered: 0, failed: 0 };
  const send = (connection: number, request: number) =>
    new Promise<void>((resolve) => {
      const signInGuess = (connection + request) % 2 === 0;
      const body = JSON.stringify({ email: `victim${connection}@example.com`, password: 'guess' });
      const outgoing = httpRequest(
        {
          agent,
          localAddress: FLOODER,
          hostname,
          port,
          method: signInGuess ? 'POST' : 'GET',
          path: signInGuess ? '/api/session' : '/sign-in',
          headers: signInGuess
            ? { origin: app.origin, 'content-type': 'application/json' }
            : { accept: 'text/html' },
        },
        (response) => {
          response.resume();
          response.once('end', () => {
            counts.answered += 1;
            resolve();
          });
          response.once('error', () => resolve());
        },
      );
      outgoing.once('error', () => {
        counts.failed += 1;
        // A refused connection: the attacker comes straight back.
        setTimeout(resolve, 5);
      });
      outgoing.end(signInGuess ? body : undefined);
    });
  const loop = async (connection: number) => {
    for (let request = 0; Date.now() < until; request++) await send(connection, request);
  };
  const stop = setTimeout(() => agent.destroy(), until - Date.now());
  await Promise.all(Array.from({ length: FLOOD_CONNECTIONS }, (_, i) => loop(i)));
  clearTimeout(stop);
  agent.destroy();
  return counts;
}

describe('a 200-connection flood from one address', () => {
  it('leaves another address’s quotes under 1 s at p99, and a newcomer signs in', async () => {
    const dispatcher = new BalancedBrowser(DISPATCHER_ADDRESS);
    expect((await dispatcher.request(app, 'POST', '/api/session', DISPATCHER)).status).toBe(200);
    const statuses: number[] = [];
    const quoteMs = async () => {
      const started = performance.now();
      const answer = await dispatcher.request(app, 'POST', '/api/quote', RECORDED_TRIP);
      statuses.push(answer.status);
      return performance.now() - started;
    };
    const quiet: number[] = [];
    for (let i = 0; i < 10; i++) quiet.push(await quoteMs());

    const until = Date.now() + FLOOD_SECONDS * 1000;
    const flooding = flood(until);
    await sleep(2_000);
    const during: number[] = [];
    while (Date.now() < until - 1_000) during.push(await quoteMs());
    const newcomer = new BalancedBrowser(NEWCOMER_ADDRESS);
    const newcomerSignIn = await newcomer.request(app, 'POST', '/api/session', DISPATCHER);
    const counts = await flooding;

    const figures = {
      quietP50: Math.round(percentile(quiet, 50)),
      p50: Math.round(percentile(during, 50)),
      p99: Math.round(percentile(during, 99)),
      quotes: during.length,
      statuses: statuses.filter((status) => status !== 200),
      flood: counts,
    };
    console.log('connection flood:', JSON.stringify(figures));
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(newcomerSignIn.status).toBe(200);
    expect(during.length).toBeGreaterThanOrEqual(10);
    expect(figures.p99).toBeLessThan(1_000);
    expect(app.alive).toBe(true);
  }, 60_000);

  it('a too-short API client secret stops the start, naming COURIER_CLIENTS', async () => {
    await expect(
      startInstance({ COURIER_CLIENTS: 'acme:pa55', SESSION_SECRET: 'x'.repeat(40) }),
    ).rejects.toThrow(/COURIER_CLIENTS: the secret of the client acme has 4 characters/);
  }, 60_000);
});
