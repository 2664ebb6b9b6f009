import { expect, test as base, type APIResponse } from '@playwright/test';
import TRIP from '../test/fixtures/recorded-trip.json';
import { serverOfItsOwn, startAppProcess, type AppProcess } from './support/app-process';

/**
 * The API's refusals through the production server (scripts/serve.mjs, Next's own request
 * handling, next.config.js headers), not the contract tests' home-made server: what a browser or a
 * script from elsewhere gets for a foreign origin, a body that is not JSON or too large, no
 * session, and too many sign-ins. A server of its own, so its sign-in limits stay away from the
 * suite's; once is enough, not once per device.
 */
const test = base.extend<object, { app: AppProcess }>({
  app: serverOfItsOwn(startAppProcess),
  baseURL: async ({ app }, provide) => provide(app.baseURL),
});

const DEMO = { email: 'dispatcher@example.com', password: 'demo-password' };

/** A refusal: the status, the JSON envelope with its code, and a data answer's headers. */
async function expectRefusal(response: APIResponse, status: number, code: string) {
  expect(response.status(), response.url()).toBe(status);
  expect(response.headers()['content-type']).toMatch(/^application\/json/);
  const body = await response.json();
  expect(body).toEqual({ error: expect.objectContaining({ code, message: expect.any(String) }) });
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/\n\s+at |stack|node_modules/);
  // next.config.js's headers reach the refusals too.
  expect(response.headers()['x-content-type-options']).toBe('nosniff');
  expect(response.headers()['content-security-policy']).toMatch(/^default-src 'none'/);
}

test('a request from another site is refused with 403 on every state-changing route', async ({
  request,
  app,
}) => {
  const evil = { origin: 'https://evil.example', 'content-type': 'application/json' };
  await expectRefusal(
    await request.post('/api/session', { headers: evil, data: DEMO }),
    403,
    'forbidden_origin',
  );
  await expectRefusal(
    await request.post('/api/quote', { headers: evil, data: TRIP }),
    403,
    'forbidden_origin',
  );
  await expectRefusal(
    await request.delete('/api/session', { headers: { origin: 'https://evil.example' } }),
    403,
    'forbidden_origin',
  );
  // No Origin at all is not the app's either.
  await expectRefusal(
    await request.post('/api/session', {
      headers: { 'content-type': 'application/json' },
      data: DEMO,
    }),
    403,
    'forbidden_origin',
  );
  // The same sign-in from the app's own origin works.
  const ok = await request.post('/api/session', {
    headers: { origin: app.baseURL, 'content-type': 'application/json' },
    data: DEMO,
  });
  expect(ok.status()).toBe(200);
});

test('a body that is not declared as JSON gets 415, one too large 413', async ({
  request,
  app,
}) => {
  await expectRefusal(
    await request.post('/api/session', {
      headers: { origin: app.baseURL, 'content-type': 'text/plain' },
      data: JSON.stringify(DEMO),
    }),
    415,
    'unsupported_media_type',
  );
  await expectRefusal(
    await request.post('/api/session', {
      headers: { origin: app.baseURL, 'content-type': 'application/json' },
      data: JSON.stringify({ ...DEMO, padding: 'x'.repeat(64 * 1024) }),
    }),
    413,
    'payload_too_large',
  );
});

test('a quote without a session is 401, and with one it is priced', async ({ request, app }) => {
  const headers = { origin: app.baseURL, 'content-type': 'application/json' };
  await expectRefusal(
    await request.post('/api/quote', { headers, data: TRIP }),
    401,
    'unauthenticated',
  );
  expect((await request.post('/api/session', { headers, data: DEMO })).status()).toBe(200);
  const quoted = await request.post('/api/quote', { headers, data: TRIP });
  expect(quoted.status()).toBe(200);
  expect((await quoted.json()).quote).toMatchObject({ total: 35, distanceKm: 1.58, isBike: true });
});

test('too many wrong sign-ins get 429 with Retry-After, the right password included', async ({
  playwright,
  app,
}) => {
  // A context of its own: no cookie from the tests above.
  const request = await playwright.request.newContext({ baseURL: app.baseURL });
  try {
    const headers = { origin: app.baseURL, 'content-type': 'application/json' };
    const statuses: number[] = [];
    let last: APIResponse | undefined;
    for (let i = 0; i < 30 && last?.status() !== 429; i++) {
      last = await request.post('/api/session', {
        headers,
        data: { email: DEMO.email, password: `wrong-${i}` },
      });
      statuses.push(last.status());
    }
    expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
    await expectRefusal(last!, 429, 'rate_limited');
    expect(Number(last!.headers()['retry-after'])).toBeGreaterThan(0);
    await expectRefusal(
      await request.post('/api/session', { headers, data: DEMO }),
      429,
      'rate_limited',
    );
  } finally {
    await request.dispose();
  }
});
