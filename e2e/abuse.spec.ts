import { request as httpRequest } from 'node:http';
import { Socket } from 'node:net';
import { expect, test } from '@playwright/test';
import { Agent } from 'undici';
import { startLegacyCourier } from '../test/support/legacy-courier';
import { liveHeapBytes, startAppProcess, type AppProcess } from './support/app-process';

// The production server as `npm start` serves it, attacked over loopback with no credentials.
// Each test starts a server of its own, to read its log or its heap and to keep its limits away
// from the suite's server; once is enough, not once per device.

const DEMO = { email: 'dispatcher@example.com', password: 'demo-password' };

/** A POST of JSON to the app, from its own origin, through `agent` (or a fresh connection). */
async function post(app: AppProcess, path: string, body: unknown, headers = {}, agent?: Agent) {
  const response = await fetch(`${app.baseURL}${path}`, {
    method: 'POST',
    headers: { origin: app.baseURL, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    ...(agent ? { dispatcher: agent } : {}),
  } as RequestInit);
  await response.arrayBuffer();
  return response;
}

const errorLines = (app: AppProcess) =>
  app.lines.filter((line) => {
    try {
      return (JSON.parse(line) as { level?: number }).level! >= 50;
    } catch {
      // Not pino's: Next's own error output (a stack trace) counts as an error line.
      return /error|^\s+at /i.test(line);
    }
  });

test('20,000 sign-in attempts with distinct e-mails leave the live heap within 20 MB of where it was', async () => {
  test.setTimeout(300_000);
  // Behind one trusted proxy, the attempts come from 1,000 addresses (20 each), so that every one
  // reaches every per-key count of the app; the courier is the legacy stand-in, which refuses an
  // unknown e-mail at once (the built-in one would spend a password check on each).
  const legacy = await startLegacyCourier();
  const app = await startAppProcess({
    env: {
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      COURIER_BASE_URL: legacy.url,
      COURIER_SERVICE: 'off',
      COURIER_CLIENT_ID: 'legacy-client',
      COURIER_CLIENT_SECRET: 'legacy-client-secret-8c1f',
    },
    inspect: true,
  });
  try {
    const agent = new Agent({ connections: 16 });
    let sent = 0;
    const statuses = new Map<number, number>();
    const attempt = async (index: number) => {
      const response = await post(
        app,
        '/api/session',
        { email: `flood-${index}@example.com`, password: 'wrong' },
        // The warm-up's addresses are apart from the measured attempts'.
        {
          'x-forwarded-for':
            index < 1_000
              ? `10.1.${index >> 8}.${index & 255}`
              : `10.0.${(index % 1_000) >> 8}.${(index % 1_000) & 255}`,
        },
        agent,
      );
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    };
    const run = async (from: number, to: number) => {
      const workers = Array.from({ length: 16 }, async () => {
        for (let index = from + sent++; index < to; index = from + sent++) await attempt(index);
      });
      await Promise.all(workers);
      sent = 0;
    };
    // A warm-up, so that what was compiled and cached on first use is in the baseline.
    await run(0, 1_000);
    const before = await liveHeapBytes(app.inspectorUrl!);
    const started = Date.now();
    await run(1_000, 21_000);
    const seconds = (Date.now() - started) / 1000;
    const after = await liveHeapBytes(app.inspectorUrl!);
    await agent.close();

    const total = [...statuses.values()].reduce((sum, count) => sum + count, 0);
    expect(total).toBe(21_000);
    // Every one refused by the courier as a wrong e-mail or password: every count was reached.
    expect(Object.fromEntries(statuses)).toEqual({ 401: 21_000 });
    const grownMegabytes = (after - before) / 1024 / 1024;
    console.log(
      `20,000 attempts in ${seconds.toFixed(1)} s; live heap ${(before / 1048576).toFixed(1)} → ${(after / 1048576).toFixed(1)} MB (${grownMegabytes >= 0 ? '+' : ''}${grownMegabytes.toFixed(1)}); statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(grownMegabytes).toBeLessThan(20);
    expect(errorLines(app)).toEqual([]);
  } finally {
    await app.close();
    await legacy.close();
  }
});

test('without a trusted proxy a client’s own X-Forwarded-For never chooses its bucket', async () => {
  const app = await startAppProcess();
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const response = await post(
        app,
        '/api/session',
        { email: `sprayed-${i}@example.com`, password: 'wrong' },
        { 'x-forwarded-for': `10.9.${i}.${i}`, 'x-dispatch-quote-peer': `10.8.${i}.1` },
      );
      statuses.push(response.status);
    }
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(20);
    expect(statuses.at(-1)).toBe(429);
  } finally {
    await app.close();
  }
});

test('TRACE, and a client that hangs up mid-request, are answered or dropped without an error in the log', async () => {
  const app = await startAppProcess({ env: { LOG_LEVEL: 'info' } });
  try {
    for (const path of ['/', '/api/health', '/courier/api/login/loginClient/json/web']) {
      const status = await new Promise<number>((resolve, reject) => {
        const { port } = new URL(app.baseURL);
        httpRequest({ host: '127.0.0.1', port, path, method: 'TRACE' }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        })
          .on('error', reject)
          .end();
      });
      expect(status, path).toBe(405);
    }
    const { port } = new URL(app.baseURL);
    const socket = new Socket();
    await new Promise<void>((resolve) => socket.connect(Number(port), '127.0.0.1', resolve));
    socket.write(
      `POST /api/session HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${app.baseURL}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.destroy();
    await expect
      .poll(() => app.lines.some((line) => line.includes('client went away before the answer')))
      .toBe(true);
    expect(errorLines(app)).toEqual([]);
  } finally {
    await app.close();
  }
});

test('a signed-in dispatcher sent to /sign-in?next= with odd characters lands on the quote screen, not a 500', async ({
  request,
  baseURL,
}) => {
  const signIn = await request.post('/api/session', {
    data: DEMO,
    headers: { origin: baseURL! },
  });
  expect(signIn.status()).toBe(200);
  for (const next of ['%7F', '%C3%A9', '%E6%97%A5', '%2F%7Fadmin', '%2F%E2%80%A8']) {
    const response = await request.get(`/sign-in?next=${next}`, { maxRedirects: 0 });
    expect(response.status(), next).toBe(307);
    expect(response.headers()['location'], next).toBe('/');
  }
});
