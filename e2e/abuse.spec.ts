import { request as httpRequest } from 'node:http';
import { Socket } from 'node:net';
import { expect, test } from './support/screen';
import { startAppProcess, type AppProcess } from './support/app-process';

// The production server as `npm start` serves it, attacked over loopback with no credentials.
// Each test starts a server of its own, to read its log and to keep its limits away from the
// suite's server; once is enough, not once per device. (The live heap under a sign-in flood is
// checked by `npm run soak`, scripts/soak.mjs.)

const DEMO = { email: 'dispatcher@example.com', password: 'demo-password' };

/** A POST of JSON to the app, from its own origin. */
async function post(app: AppProcess, path: string, body: unknown, headers = {}) {
  const response = await fetch(`${app.baseURL}${path}`, {
    method: 'POST',
    headers: { origin: app.baseURL, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
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
