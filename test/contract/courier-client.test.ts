import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { decodeJwt } from 'jose';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiError } from '@/lib/http/api-error';
import { startLegacyCourier, type LegacyCourier } from '../support/legacy-courier';
import recordedTrip from '../fixtures/recorded-trip.json';
import recordedTripWire from '../fixtures/recorded-trip-wire.json';

/**
 * The courier client on its own, over real HTTP, against the legacy stand-in: what it sends, what
 * it makes of each answer, and what it logs. The app's contract tests go through sign-in and the
 * quote route; these call `courierLogin` and `courierQuotation` directly, so each rule of the
 * client is judged by a test that reaches it in milliseconds. The client's modules are loaded
 * afresh for each test (their zod schemas and tables are built when they load).
 */

const CLIENT_ID = 'legacy-client';
const CLIENT_SECRET = 'legacy-client-secret-8c1f';
const DISPATCHER = { email: 'dispatcher@example.com', password: 'demo-password' };
const TRIP = { pickup: recordedTrip.pickup, dropoffs: [recordedTrip.dropoff] };
/** Long enough for a loaded machine's normal answers; the deadline tests set their own. */
const TIMEOUT_MS = 5_000;

type Client = typeof import('@/lib/courier-client/client');

interface LogLine {
  level: number;
  msg: string;
  courier?: string;
  [field: string]: unknown;
}

let legacy: LegacyCourier;
let client: Client;
let FreshApiError: typeof ApiError;
let CourierTokenRejected: typeof import('@/lib/courier-client/errors').CourierTokenRejected;
let lines: LogLine[];
let log: pino.Logger;
const savedEnv = { ...process.env };

/** Sets the courier's environment and loads the client (and `lib/env`) afresh. */
async function loadClient(env: Record<string, string> = {}) {
  Object.assign(process.env, {
    COURIER_BASE_URL: legacy.url,
    COURIER_SERVICE: 'off',
    COURIER_CLIENT_ID: CLIENT_ID,
    COURIER_CLIENT_SECRET: CLIENT_SECRET,
    COURIER_TIMEOUT_MS: String(TIMEOUT_MS),
    COURIER_TIMEZONE: 'America/Mexico_City',
    ...env,
  });
  vi.resetModules();
  client = await import('@/lib/courier-client/client');
  // The errors' classes are those of this fresh load too.
  ({ ApiError: FreshApiError } = await import('@/lib/http/api-error'));
  ({ CourierTokenRejected } = await import('@/lib/courier-client/errors'));
}

/** What a call threw, to assert on. */
async function failureOf(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

async function apiErrorOf(call: Promise<unknown>): Promise<ApiError> {
  const error = await failureOf(call);
  expect(error).toBeInstanceOf(FreshApiError);
  return error as ApiError;
}

const logged = (msg: string) => lines.filter((line) => line.msg === msg);

async function signedInToken(): Promise<string> {
  return (await client.courierLogin(DISPATCHER, { log })).token.value;
}

beforeAll(async () => {
  legacy = await startLegacyCourier({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
});
afterAll(async () => {
  await legacy.close();
  process.env = savedEnv;
});
beforeEach(async () => {
  legacy.configure({ loginShape: 'full', tokenFormat: 'jwt', tokenLifetimeSeconds: 3600 });
  lines = [];
  log = pino(
    { level: 'debug' },
    { write: (line: string) => lines.push(JSON.parse(line) as LogLine) },
  ).child({ requestId: 'req-courier-client-1' });
  await loadClient();
});

describe('signing a dispatcher in at the courier', () => {
  it('sends the app in HTTP Basic, the dispatcher in the body, and the dispatcher’s address', async () => {
    await client.courierLogin(DISPATCHER, { log, clientAddress: '198.18.0.7' });
    const { headers, body } = legacy.lastLogin!;
    expect(headers.authorization).toBe(
      `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`,
    );
    expect(headers['x-end-user-address']).toBe('198.18.0.7');
    expect(headers['x-forwarded-for']).toBe('198.18.0.7');
    expect(headers['content-type']).toBe('application/json');
    expect(headers.accept).toBe('application/json');
    expect(headers['x-request-id']).toBe('req-courier-client-1');
    expect(body).toEqual({
      data: { systemRequest: { user: DISPATCHER.email, password: 'demo-password' } },
    });
  });

  it('an unknown or missing dispatcher address is not passed on as one', async () => {
    await client.courierLogin(DISPATCHER, { log, clientAddress: 'unknown' });
    expect(legacy.lastLogin!.headers['x-end-user-address']).toBeUndefined();
    expect(legacy.lastLogin!.headers['x-forwarded-for']).toBeUndefined();
    await client.courierLogin(DISPATCHER, { log });
    expect(legacy.lastLogin!.headers['x-end-user-address']).toBeUndefined();
    expect(legacy.lastLogin!.headers['x-forwarded-for']).toBeUndefined();
  });

  it('gives the token, when it expires and when to renew it, and the dispatcher’s profile', async () => {
    const before = Date.now();
    const { token, profile } = await client.courierLogin(DISPATCHER, { log });
    expect(token.value).toBe(legacy.issuedTokens.at(-1));
    // The stand-in states expires_in to the minute, in Mexico City time, an hour from now; its
    // JWT's exp falls inside that minute and gives the second (token-lifetime.ts).
    expect(token.expiresAt).toBe(decodeJwt(token.value).exp! * 1000);
    expect(token.expiresAt).toBeGreaterThan(before + 3_600_000 - 60_000);
    expect(token.expiresAt).toBeLessThanOrEqual(Date.now() + 3_600_000);
    expect(token.renewAt).toBe(token.expiresAt - 60_000);
    expect(token.issuedAt).toBeGreaterThanOrEqual(before);
    expect(Object.keys(token).sort()).toEqual(['expiresAt', 'issuedAt', 'renewAt', 'value']);
    expect(profile).toEqual({
      email: DISPATCHER.email,
      name: 'Dulce Ramírez',
      zone: 'cdmx',
      clientId: expect.any(Number),
    });
    const [issued] = logged('courier token issued');
    expect(issued).toMatchObject({
      level: 30,
      courier: 'login',
      tokenLifetime: 'jwt',
      expiresAt: new Date(token.expiresAt).toISOString(),
    });
  });

  it('a login with nothing but an opaque access token lives the default twenty minutes', async () => {
    legacy.configure({ loginShape: 'accessTokenOnly', tokenFormat: 'opaque' });
    const before = Date.now();
    const { token } = await client.courierLogin(DISPATCHER, { log });
    expect(token.expiresAt - before).toBeGreaterThanOrEqual(20 * 60_000);
    expect(token.expiresAt - Date.now()).toBeLessThanOrEqual(20 * 60_000);
    expect(logged('courier token issued')[0]).toMatchObject({ tokenLifetime: 'default' });
  });

  it('a wrong password is the dispatcher’s error, and the courier refusal is logged', async () => {
    const error = await apiErrorOf(
      client.courierLogin({ ...DISPATCHER, password: 'wrong' }, { log }),
    );
    expect(error.code).toBe('invalid_credentials');
    expect(logged('courier refused')[0]).toMatchObject({
      level: 30,
      courier: 'login',
      status: 200,
      code: -194,
      courierMessage: 'Usuario o contraseña incorrectos',
      outcome: 'invalid_credentials',
    });
  });

  it('a login answer without a token is unreadable: a courier error, logged with where it failed', async () => {
    legacy.scriptLogin({
      status: 200,
      body: JSON.stringify({ code: 0, data: { email: DISPATCHER.email } }),
      contentType: 'application/json',
    });
    const error = await apiErrorOf(client.courierLogin(DISPATCHER, { log }));
    expect(error.code).toBe('courier_error');
    expect(logged('courier login answer unreadable')[0]).toMatchObject({
      level: 40,
      courier: 'login',
      issues: 'token: custom',
    });
  });
});

describe('asking the courier for a quote', () => {
  it('sends the token and the trip in the courier’s shape, and reads the quote', async () => {
    const token = await signedInToken();
    const quote = await client.courierQuotation(token, TRIP, { log });
    const { headers, body } = legacy.lastQuotation!;
    expect(headers.token).toBe(token);
    expect(headers['x-request-id']).toBe('req-courier-client-1');
    expect(headers['content-type']).toBe('application/json');
    expect(body).toEqual(recordedTripWire);
    expect(quote).toMatchObject({
      total: 35,
      distanceKm: 1.58,
      etaMinutes: 28,
      operatorCost: 7,
      currency: 'MXN',
    });
    expect(logged('courier answered').at(-1)).toMatchObject({
      level: 20,
      courier: 'quotation',
      status: 200,
      code: 0,
    });
    expect(logged('courier answered').at(-1)!.ms).toEqual(expect.any(Number));
  });

  it('a request without a request id sends none', async () => {
    const token = await signedInToken();
    await client.courierQuotation(token, TRIP, { log: pino({ level: 'silent' }) });
    expect(legacy.lastQuotation!.headers['x-request-id']).toBeUndefined();
  });

  it('a quotation answer without a total is unreadable: a courier error, logged with where it failed', async () => {
    legacy.script({
      status: 200,
      body: JSON.stringify({ code: 0, data: { price: 35 } }),
      contentType: 'application/json',
    });
    const error = await apiErrorOf(client.courierQuotation('any', TRIP, { log }));
    expect(error.code).toBe('courier_error');
    const [unreadable] = logged('courier quotation answer unreadable');
    expect(unreadable).toMatchObject({ level: 40, courier: 'quotation' });
    expect(unreadable!.issues).toContain('data.total: invalid_union');
  });

  it('an unknown token is rejected for renewal, not reported', async () => {
    const error = await failureOf(client.courierQuotation('not-issued', TRIP, { log }));
    expect(error).toBeInstanceOf(CourierTokenRejected);
    expect((error as InstanceType<typeof CourierTokenRejected>).code).toBe(-155);
    expect(logged('courier refused')[0]).toMatchObject({
      courier: 'quotation',
      code: -155,
      outcome: 'token_rejected',
    });
  });
});

/** A 200 answer of this JSON, as the stand-in scripts it. */
const json200 = (body: unknown) => ({
  status: 200,
  body: JSON.stringify(body),
  contentType: 'application/json',
});

describe('the courier’s answers as the transport reads them', () => {
  // Figures of their own (3.72 km, 40.40, 39 min), so the scripted answer cannot be taken for the
  // stand-in's usual one (the recorded trip: 1.58 km, 35.00, 28 min).
  const quoteBody = {
    code: 0,
    data: {
      total: 40.4,
      price: 40.4,
      distance: 3.72,
      eta: 39,
      isBike: true,
      zone: { idZone: 1, name: 'cdmx' },
    },
  };
  const scriptedQuote = { total: 40.4, distanceKm: 3.72, etaMinutes: 39 };

  it('a code sent as text is read as the number it spells', async () => {
    legacy.script(json200({ code: ' -156 ', message: 'Token expirado' }));
    const error = await failureOf(client.courierQuotation('any', TRIP, { log }));
    expect(error).toMatchObject({ name: 'CourierTokenRejected', code: -156 });
  });

  it('a code that is not an integer is no code at all: the answer is read by its body', async () => {
    legacy.script(json200({ ...quoteBody, code: 'soon' }));
    expect(await client.courierQuotation('any', TRIP, { log })).toMatchObject(scriptedQuote);
    legacy.script(json200({ ...quoteBody, code: -155.5 }));
    expect(await client.courierQuotation('any', TRIP, { log })).toMatchObject(scriptedQuote);
    legacy.script(json200({ ...quoteBody, code: '-15a' }));
    expect(await client.courierQuotation('any', TRIP, { log })).toMatchObject(scriptedQuote);
  });

  it('a positive code is not a success, even with a quote beside it', async () => {
    legacy.script(json200({ ...quoteBody, code: 1 }));
    const error = await apiErrorOf(client.courierQuotation('any', TRIP, { log }));
    expect(error.code).toBe('courier_error');
    expect(logged('courier refused')[0]).toMatchObject({ code: 1, status: 200 });
  });

  it('any 2xx status with a quote is a success; a 3xx is not', async () => {
    legacy.script({ ...json200(quoteBody), status: 201 });
    expect(await client.courierQuotation('any', TRIP, { log })).toMatchObject(scriptedQuote);
    legacy.script({ ...json200(quoteBody), status: 299 });
    expect(await client.courierQuotation('any', TRIP, { log })).toMatchObject(scriptedQuote);
    legacy.script({ ...json200(quoteBody), status: 300 });
    const error = await apiErrorOf(client.courierQuotation('any', TRIP, { log }));
    expect(error.code).toBe('courier_error');
    expect(logged('courier refused')[0]).toMatchObject({ status: 300, outcome: 'courier_error' });
  });

  it('a JSON answer that is not an object is refused before it is read as a quote', async () => {
    legacy.script(json200('35'));
    const error = await apiErrorOf(client.courierQuotation('any', TRIP, { log }));
    expect(error.code).toBe('courier_error');
    expect(logged('courier refused')[0]).toMatchObject({ status: 200, outcome: 'courier_error' });
    expect(logged('courier quotation answer unreadable')).toEqual([]);
  });

  it('a JSON null is a courier error, as a success and as a failure', async () => {
    legacy.script(json200(null));
    expect((await apiErrorOf(client.courierQuotation('any', TRIP, { log }))).code).toBe(
      'courier_error',
    );
    legacy.script({ status: 500, body: 'null', contentType: 'application/json' });
    expect((await apiErrorOf(client.courierQuotation('any', TRIP, { log }))).code).toBe(
      'courier_error',
    );
  });

  it('an HTML error page is a courier error, logged without a courier message', async () => {
    legacy.script({ html500: true });
    const error = await apiErrorOf(client.courierQuotation('any', TRIP, { log }));
    expect(error.code).toBe('courier_error');
    const [refused] = logged('courier refused');
    expect(refused).toMatchObject({ status: 500, outcome: 'courier_error' });
    expect(refused).not.toHaveProperty('code');
    expect(refused).not.toHaveProperty('courierMessage');
  });

  it('the courier’s message is logged at most 200 characters long', async () => {
    legacy.script({ code: -111, message: `Direcciones invalidas ${'x'.repeat(300)}` });
    const error = await apiErrorOf(client.courierQuotation('any', TRIP, { log }));
    expect(error.code).toBe('courier_rejected');
    const message = logged('courier refused')[0]!.courierMessage as string;
    expect(message).toHaveLength(200);
    expect(message.startsWith('Direcciones invalidas x')).toBe(true);
  });

  it('a -113 names the drop-off the courier said is out, by its place in the order', async () => {
    legacy.script(json200({ code: -113, message: 'Fuera de zona', addressIndex: 2 }));
    let error = await apiErrorOf(client.courierQuotation('any', TRIP, { log }));
    expect(error.code).toBe('dropoff_out_of_coverage');
    expect(Object.keys(error.details.fields ?? {})).toEqual(['dropoffs.1']);
    for (const addressIndex of [-1, 1.5, '2']) {
      legacy.script(json200({ code: -113, message: 'Fuera de zona', addressIndex }));
      error = await apiErrorOf(client.courierQuotation('any', TRIP, { log }));
      expect(error.details.fields).toBeUndefined();
    }
    legacy.script(json200({ code: -113, message: 'Fuera de zona', addressIndex: 0 }));
    error = await apiErrorOf(client.courierQuotation('any', TRIP, { log }));
    expect(error.details.fields).toBeUndefined();
  });

  it('a message that is not text is not taken for the courier’s words', async () => {
    legacy.script(json200({ code: -111, message: 42 }));
    const error = await apiErrorOf(client.courierQuotation('any', TRIP, { log }));
    expect(error.message).toBe('The courier rejected the quote request.');
    expect(logged('courier refused')[0]).not.toHaveProperty('courierMessage');
  });

  it('an answer of exactly 1 MB is read; one byte more is not a courier answer', async () => {
    const sized = (bytes: number) => {
      const head = JSON.stringify({ ...quoteBody, padding: '' });
      return JSON.stringify({ ...quoteBody, padding: 'x'.repeat(bytes - head.length) });
    };
    expect(Buffer.byteLength(sized(1024 * 1024))).toBe(1024 * 1024);
    legacy.script({ status: 200, body: sized(1024 * 1024), contentType: 'application/json' });
    expect(await client.courierQuotation('any', TRIP, { log })).toMatchObject(scriptedQuote);
    legacy.script({ status: 200, body: sized(1024 * 1024 + 1), contentType: 'application/json' });
    const error = await apiErrorOf(client.courierQuotation('any', TRIP, { log }));
    expect(error.code).toBe('courier_error');
  });

  it('an answer far over 1 MB is not read to its end: the client hangs up', async () => {
    legacy.script({ streamedBytes: 16 * 1024 * 1024 });
    const error = await apiErrorOf(client.courierQuotation('any', TRIP, { log }));
    expect(error.code).toBe('courier_error');
    await legacy.lastStream!.ended;
    expect(legacy.lastStream!.whole).toBe(false);
    expect(legacy.lastStream!.bytesWritten).toBeLessThan(16 * 1024 * 1024);
  });
});

describe('a courier that does not answer', () => {
  it('a closed port is an unavailable courier, logged as unreachable with the cause', async () => {
    await legacy.stop();
    try {
      const error = await apiErrorOf(client.courierQuotation('any', TRIP, { log }));
      expect(error.code).toBe('courier_unavailable');
    } finally {
      await legacy.restart();
    }
    expect(logged('courier unreachable')[0]).toMatchObject({
      level: 40,
      courier: 'quotation',
    });
    // ECONNREFUSED, or a socket error when a kept-alive connection was the one closed.
    expect(logged('courier unreachable')[0]!.failure).toMatch(/^(ECONNREFUSED|UND_ERR_SOCKET)$/);
  });

  it('a connection cut without an answer is an unavailable courier', async () => {
    legacy.script({ hangUp: true });
    const error = await apiErrorOf(client.courierQuotation('any', TRIP, { log }));
    expect(error.code).toBe('courier_unavailable');
    expect(logged('courier unreachable')[0]!.failure).toEqual(expect.stringMatching(/^UND_ERR_/));
  });

  it('no answer within COURIER_TIMEOUT_MS is a timeout, and the connection is given up', async () => {
    // A courier that reads the request and never answers; it notes when the client hangs up.
    const sockets: Socket[] = [];
    const closed: number[] = [];
    const silent: Server = createServer((request) => {
      sockets.push(request.socket);
      request.socket.once('close', () => closed.push(Date.now()));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      await loadClient({ COURIER_BASE_URL: `http://127.0.0.1:${port}`, COURIER_TIMEOUT_MS: '300' });
      const started = Date.now();
      const error = await apiErrorOf(client.courierQuotation('any', TRIP, { log }));
      expect(error.code).toBe('courier_timeout');
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
      await vi.waitFor(() => expect(closed).toHaveLength(1), { timeout: 2_000 });
      expect(logged('courier did not answer in time')[0]).toMatchObject({
        level: 40,
        courier: 'quotation',
        failure: 'timeout',
      });
      expect(logged('courier did not answer in time')[0]!.ms).toBeGreaterThanOrEqual(290);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe('whether the courier is reachable, for the health check', () => {
  /** A courier host that answers every GET with `status`, and counts them and their paths. */
  let host: Server;
  let hostUrl: string;
  let status: number;
  let probes: number;
  let probed: string[];
  let reachability: typeof import('@/lib/courier-client/reachability');

  async function loadReachability(env: Record<string, string> = {}) {
    await loadClient({ COURIER_BASE_URL: hostUrl, ...env });
    (await import('@/lib/process-singleton')).resetProcessSingletons();
    reachability = await import('@/lib/courier-client/reachability');
  }

  beforeAll(async () => {
    host = createServer((request, response) => {
      probes += 1;
      probed.push(`${request.method} ${request.url}`);
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end('courier');
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    host.closeAllConnections();
    await new Promise<void>((resolve) => host.close(() => resolve()));
  });
  beforeEach(async () => {
    status = 405;
    probes = 0;
    probed = [];
    await loadReachability();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('its login path refusing a GET (405), or any other answer below 500 but 404, means up, with how long it took', async () => {
    for (const answer of [405, 200, 401, 499]) {
      await loadReachability();
      status = answer;
      const before = Date.now();
      const result = await reachability.courierReachability();
      expect(result, `HTTP ${answer}`).toEqual({
        status: 'up',
        latencyMs: expect.any(Number),
        checkedAt: expect.any(String),
      });
      expect(Number.isInteger(result.latencyMs) && result.latencyMs! >= 0).toBe(true);
      expect(Date.parse(result.checkedAt)).toBeGreaterThanOrEqual(before - 1);
    }
    // A GET of the login path: neither a sign-in nor a spent login attempt.
    expect(probed).toEqual(Array(4).fill('GET /api/login/loginClient/json/web'));
  });

  it('a 404 means no courier API at that address (a wrong COURIER_BASE_URL): down', async () => {
    status = 404;
    const result = await reachability.courierReachability();
    expect(result.status).toBe('down');
    expect(result).not.toHaveProperty('latencyMs');
    expect(probes).toBe(1);
  });

  it('a server error means the courier is there but degraded', async () => {
    status = 500;
    expect(await reachability.courierReachability()).toMatchObject({ status: 'degraded' });
  });

  it('no answer at all means the courier is down', async () => {
    await loadReachability({ COURIER_BASE_URL: 'http://127.0.0.1:9' });
    const result = await reachability.courierReachability();
    expect(result.status).toBe('down');
    expect(result).not.toHaveProperty('latencyMs');
    expect(Date.parse(result.checkedAt)).not.toBeNaN();
  });

  it('a courier that does not answer is down once COURIER_TIMEOUT_MS, if shorter than 2 s, has passed', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      await loadReachability({
        COURIER_BASE_URL: `http://127.0.0.1:${port}`,
        COURIER_TIMEOUT_MS: '200',
      });
      // "Once it has passed" is judged against a timer of the test's own, set for the same 200 ms
      // at the same moment: a busy machine delays both alike, where a bound on the clock would
      // fail under load (the probe's own ceiling is 2 s).
      const deadlinePassed = new Promise<number>((resolve) =>
        setTimeout(() => resolve(performance.now()), 200),
      );
      expect((await reachability.courierReachability()).status).toBe('down');
      expect(performance.now() - (await deadlinePassed)).toBeLessThan(500);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('health checks in quick succession share one probe for five seconds', async () => {
    let now = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const [first, second] = await Promise.all([
      reachability.courierReachability(),
      reachability.courierReachability(),
    ]);
    expect(second).toBe(first);
    expect(probes).toBe(1);
    now += 4_999;
    expect(await reachability.courierReachability()).toBe(first);
    expect(probes).toBe(1);
    now += 1;
    status = 503;
    expect(await reachability.courierReachability()).toMatchObject({ status: 'degraded' });
    expect(probes).toBe(2);
  });
});
