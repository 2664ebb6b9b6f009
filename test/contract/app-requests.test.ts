import { request as httpRequest } from 'node:http';
import { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthyAnswer } from '../fixtures/health-answer';
import type { AppServer } from '../support/app-server';
import type { LegacyCourier } from '../support/legacy-courier';
import {
  Browser,
  closeAppAndCourier,
  collectLogLines,
  DISPATCHER,
  errorEnvelope,
  newLoopbackAddress,
  RECORDED_TRIP,
  startAppBehindLegacyCourier,
} from './app-fixtures';

/**
 * What every request to the dispatch app must get right: origin, media type, size, limits. Each
 * browser connects from a loopback address of its own, as devices on a network would.
 */

let legacy: LegacyCourier;
let app: AppServer;
const newAddress = newLoopbackAddress;
const newBrowser = (headers: Record<string, string> = {}) =>
  new Browser(app.origin, headers, newAddress());

const logLines: string[] = [];
const logged = () => logLines.map((line) => JSON.parse(line) as Record<string, unknown>);

beforeAll(async () => {
  ({ legacy, app } = await startAppBehindLegacyCourier({
    APP_ORIGIN: undefined,
    LOG_LEVEL: 'info',
  }));
  await collectLogLines(logLines);
});

/** A request with any Host header (fetch will not send one of its own choosing). */
function withHost(
  host: string,
  { method = 'POST', path = '/api/session', body = DISPATCHER } = {},
): Promise<{ status: number; json: unknown }> {
  const { port } = new URL(app.origin);
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          host,
          origin: `http://${host}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
        },
      },
      (response) => {
        let data = '';
        response.on('data', (chunk) => (data += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, json: data ? JSON.parse(data) : undefined }),
        );
      },
    );
    request.on('error', reject);
    request.end(text);
  });
}
afterAll(() => closeAppAndCourier({ app, legacy }));

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

describe('a page on another domain name that resolves to this server (DNS rebinding)', () => {
  it('cannot sign in or out even though its Origin and Host agree, when APP_ORIGIN is unset', async () => {
    const attempts = legacy.loginAttempts;
    for (const host of ['rebind.evil.example', `rebind.evil.example:${new URL(app.origin).port}`]) {
      const answer = await withHost(host);
      expect(answer.status).toBe(403);
      expect(answer.json).toEqual(errorEnvelope('forbidden_origin'));
    }
    expect((await withHost('rebind.evil.example', { method: 'DELETE' })).status).toBe(403);
    expect(legacy.loginAttempts).toBe(attempts);
  });

  it('the app at an address or at localhost still works without APP_ORIGIN', async () => {
    const port = new URL(app.origin).port;
    expect((await withHost(`127.0.0.1:${port}`)).status).toBe(200);
    expect((await withHost(`localhost:${port}`)).status).toBe(200);
  });
});

describe('request bodies', () => {
  it('a quote with a field nested 20,000 deep is refused with 400, not a crash', async () => {
    const browser = newBrowser();
    await browser.signIn();
    const quotations = legacy.quotations;
    const body = JSON.stringify(RECORDED_TRIP).replace(
      '"street"',
      `"note":${'['.repeat(7_000)}${']'.repeat(7_000)},"street"`,
    );
    const answer = await browser.request('POST', '/api/quote', {
      rawBody: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual(errorEnvelope('invalid_request'));
    expect(legacy.quotations).toBe(quotations);
  });

  it('a client that hangs up in the middle of its body is logged as information, not as an error', async () => {
    const { port } = new URL(app.origin);
    const socket = new Socket();
    await new Promise<void>((resolve) => socket.connect(Number(port), '127.0.0.1', resolve));
    socket.write(
      `POST /api/session HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${app.origin}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    const wentAway = () =>
      logged().some((line) => line.msg === 'client went away before the answer');
    for (let waited = 0; waited < 5_000 && !wentAway(); waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(logged().filter((line) => (line.level as number) >= 50)).toEqual([]);
    expect(
      logged().find((line) => line.msg === 'client went away before the answer'),
    ).toMatchObject({ level: 30, path: '/api/session' });
  });

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

  it('wrong fields are named in the language the dispatcher chose on the screen, whatever the browser prefers', async () => {
    const browser = newBrowser({ 'accept-language': 'en-US,en;q=0.9' });
    browser.otherCookies.set('locale', 'es-MX');
    await browser.signIn();
    const answer = await browser.quote({ pickup: RECORDED_TRIP.pickup });
    expect(answer.json.error).toMatchObject({
      message: 'Revisa los campos marcados.',
      fields: { dropoffs: 'Este campo es obligatorio.' },
    });
  });
});

describe('sign-in attempts', () => {
  it('after 5 wrong passwords for one e-mail from one address, that address waits for it (429 with Retry-After)', async () => {
    const email = 'target@example.com';
    const guesser = newBrowser();
    for (let attempt = 0; attempt < 5; attempt++) {
      const answer = await guesser.signIn({ email, password: `guess-${attempt}` });
      expect(answer.status).toBe(401);
    }
    const attempts = legacy.loginAttempts;
    const blocked = await guesser.signIn({ email, password: 'guess-5' });
    expect(blocked.status).toBe(429);
    expect(blocked.json).toEqual(errorEnvelope('rate_limited'));
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(legacy.loginAttempts).toBe(attempts);
  });

  it('after 20 failed sign-ins from one address, that address waits too', async () => {
    const address = newAddress();
    const browser = new Browser(app.origin, {}, address);
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
      const browser = new Browser(app.origin, {}, address);
      expect((await browser.signIn()).status).toBe(200);
    }
  });
});

describe('health', () => {
  it('answers that the app is alive and the courier reachable, without naming the courier', async () => {
    const answer = await newBrowser().request('GET', '/api/health');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual(healthyAnswer({ builtin: false }, expect));
    expect(answer.text).not.toContain(new URL(legacy.url).port);
  });
});

describe('the log', () => {
  it('a courier answer the app cannot read is logged with the request’s id, which the answer carries', async () => {
    const browser = newBrowser({ 'x-request-id': 'garbled-quote-7f3a' });
    expect((await browser.signIn()).status).toBe(200);
    legacy.script({
      status: 200,
      body: '{"code":0,"data":{"total":"n/a"}}',
      contentType: 'application/json',
    });
    const answer = await browser.quote();
    expect(answer.status).toBe(502);
    expect(answer.headers.get('x-request-id')).toBe('garbled-quote-7f3a');
    expect(
      logged().find((line) => line.msg === 'courier quotation answer unreadable'),
    ).toMatchObject({ level: 40, requestId: 'garbled-quote-7f3a', courier: 'quotation' });
  });
});
