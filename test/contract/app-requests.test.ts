import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from '../support/app-server';
import { startLegacyCourier, type LegacyCourier } from '../support/legacy-courier';
import {
  Browser,
  DISPATCHER,
  errorEnvelope,
  RECORDED_TRIP,
  TEST_SESSION_SECRET,
} from './app-fixtures';

/** What every request to the dispatch app must get right: origin, media type, size, limits. */

let legacy: LegacyCourier;
let app: AppServer;
let addresses = 0;
const newAddress = () => `192.0.2.${++addresses}`;
const newBrowser = (headers: Record<string, string> = {}) =>
  new Browser(app.origin, { 'x-forwarded-for': newAddress(), ...headers });

beforeAll(async () => {
  legacy = await startLegacyCourier();
  app = await startAppServer({
    COURIER_BASE_URL: legacy.url,
    COURIER_SERVICE: 'off',
    COURIER_CLIENT_ID: 'legacy-client',
    COURIER_CLIENT_SECRET: 'legacy-client-secret-8c1f',
    SESSION_SECRET: TEST_SESSION_SECRET,
  });
});
afterAll(async () => {
  await app.close();
  await legacy.close();
});

describe('requests from elsewhere', () => {
  it('a sign-in posted by another site is refused with 403 forbidden_origin', async () => {
    const browser = newBrowser();
    const answer = await browser.request('POST', '/api/session', {
      body: DISPATCHER,
      headers: { origin: 'https://evil.example' },
    });
    expect(answer.status).toBe(403);
    expect(answer.json).toEqual(errorEnvelope('forbidden_origin'));
    expect(legacy.loginAttempts).toBe(0);
  });

  it('a quote or a sign-out without the app’s Origin is refused', async () => {
    const browser = newBrowser();
    await browser.signIn();
    const quote = await browser.quote(RECORDED_TRIP, { origin: 'null' });
    expect(quote.json).toEqual(errorEnvelope('forbidden_origin'));
    const out = await browser.request('DELETE', '/api/session', {
      headers: { origin: 'http://127.0.0.1:1' },
    });
    expect(out.status).toBe(403);
    expect((await browser.request('GET', '/api/session')).status).toBe(200);
  });
});

describe('request bodies', () => {
  it('a body that is not JSON is refused with 415', async () => {
    const browser = newBrowser();
    const answer = await browser.request('POST', '/api/session', {
      rawBody: 'email=dispatcher@example.com&password=demo-password',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(answer.status).toBe(415);
    expect(answer.json).toEqual(errorEnvelope('unsupported_media_type'));
  });

  it('an oversized quote request is refused with 413 before it reaches the courier', async () => {
    const browser = newBrowser();
    await browser.signIn();
    const quotations = legacy.quotations;
    const answer = await browser.quote({
      ...RECORDED_TRIP,
      pickup: { ...RECORDED_TRIP.pickup, comment: 'x'.repeat(20_000) },
    });
    expect(answer.status).toBe(413);
    expect(answer.json).toEqual(errorEnvelope('payload_too_large'));
    expect(legacy.quotations).toBe(quotations);
  });

  it('wrong fields are named one by one, in Spanish by default', async () => {
    const browser = newBrowser();
    await browser.signIn();
    const answer = await browser.quote({
      pickup: { ...RECORDED_TRIP.pickup, zipCode: '6600', lat: 123 },
      dropoff: { ...RECORDED_TRIP.dropoff, street: '' },
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      error: {
        code: 'invalid_request',
        message: 'Revisa los campos marcados.',
        fields: {
          'pickup.zipCode': 'El código postal tiene 5 dígitos, p. ej. 06600.',
          'pickup.lat': 'La latitud debe ser un número entre -90 y 90.',
          'dropoff.street': 'Escribe la calle.',
        },
      },
    });
  });

  it('wrong fields are named in English when the browser prefers English', async () => {
    const browser = newBrowser({ 'accept-language': 'en-US,en;q=0.9,es;q=0.5' });
    await browser.signIn();
    const answer = await browser.quote({ pickup: RECORDED_TRIP.pickup });
    expect(answer.json.error.fields).toEqual({ dropoffs: 'This field is required.' });
    const signIn = await browser.signIn({ email: 'not-an-email', password: '' });
    expect(signIn.json.error.fields).toEqual({
      email: 'Enter a valid e-mail address.',
      password: 'This field is required.',
    });
  });
});

describe('sign-in attempts', () => {
  it('after 5 wrong passwords for one e-mail, sign-in for it waits (429 with Retry-After)', async () => {
    const email = 'target@example.com';
    for (let attempt = 0; attempt < 5; attempt++) {
      const answer = await newBrowser().signIn({ email, password: `guess-${attempt}` });
      expect(answer.status).toBe(401);
    }
    const attempts = legacy.loginAttempts;
    const blocked = await newBrowser().signIn({ email, password: 'guess-5' });
    expect(blocked.status).toBe(429);
    expect(blocked.json).toEqual(errorEnvelope('rate_limited'));
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(legacy.loginAttempts).toBe(attempts);
  });

  it('after 20 failed sign-ins from one address, that address waits too', async () => {
    const address = newAddress();
    const browser = new Browser(app.origin, { 'x-forwarded-for': address });
    for (let attempt = 0; attempt < 20; attempt++) {
      const answer = await browser.signIn({ email: `user${attempt}@example.com`, password: 'x' });
      expect(answer.status).toBe(401);
    }
    const blocked = await browser.signIn();
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    // Another address is not affected.
    expect((await newBrowser().signIn()).status).toBe(200);
  });

  it('a dispatcher who signs in many times a shift is never throttled', async () => {
    const address = newAddress();
    for (let attempt = 0; attempt < 12; attempt++) {
      const browser = new Browser(app.origin, { 'x-forwarded-for': address });
      expect((await browser.signIn()).status).toBe(200);
    }
  });
});

describe('health', () => {
  it('answers that the app is alive and the courier reachable, without naming the courier', async () => {
    const answer = await newBrowser().request('GET', '/api/health');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      status: 'ok',
      courier: {
        builtin: false,
        status: 'up',
        latencyMs: expect.any(Number),
        checkedAt: expect.any(String),
      },
    });
    expect(answer.text).not.toContain(new URL(legacy.url).port);
  });
});
