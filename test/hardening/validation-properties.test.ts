import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LOGIN_PATH, QUOTATION_PATH } from '@/lib/courier-api/wire';
import type { ApiErrorCode } from '@/lib/api/errors';
import { ApiError } from '@/lib/http/api-error';
import { startAppServer, type AppServer } from '../support/app-server';
import { Browser, DISPATCHER, RECORDED_TRIP, TEST_SESSION_SECRET } from '../contract/app-fixtures';
import {
  basic,
  DEMO_CLIENT,
  DEMO_USER,
  leaksInternals,
  SONORA_180,
  trip,
  VARSOVIA_36,
} from '../contract/courier-fixtures';

/**
 * Property-based tests of both APIs' input handling, over real HTTP: arbitrary JSON, deep nesting,
 * huge strings, wrong content types, prototype-pollution keys and unicode oddities (lone
 * surrogates, RTL marks, NULs, invalid UTF-8). Whatever comes in: never a 5xx, always the
 * documented envelope with a status that fits its code, never a hang, and Object.prototype as it
 * was.
 */

const RUNS = 120;
const REQUEST_TIMEOUT_MS = 10_000;

let app: AppServer;
let courierToken: string;
const browsers: Browser[] = [];
const logLines: string[] = [];
const prototypeKeysBefore = {
  object: Object.getOwnPropertyNames(Object.prototype).sort(),
  array: Object.getOwnPropertyNames(Array.prototype).sort(),
  function: Object.getOwnPropertyNames(Function.prototype).sort(),
};

beforeAll(async () => {
  app = await startAppServer({
    COURIER_BASE_URL: '{origin}/courier',
    COURIER_SERVICE: 'on',
    COURIER_CLIENT_ID: DEMO_CLIENT.id,
    COURIER_CLIENT_SECRET: DEMO_CLIENT.secret,
    COURIER_JWT_SECRET: 'hardening-tests-signing-key-0123456789-abcdef',
    COURIER_ACCOUNTS_FILE: undefined,
    COURIER_CLIENTS: undefined,
    SESSION_SECRET: TEST_SESSION_SECRET,
    LOG_LEVEL: 'info',
    // Each request names a fresh address (`fresh()`), as if behind a proxy: the properties are
    // about bodies, not about the per-address limit.
    TRUST_PROXY: '1',
  });
  const { redirectLogs } = await import('@/lib/log');
  redirectLogs({ write: (line) => logLines.push(line) });
  // Several signed-in dispatchers, so the geocoder's per-session allowance is rarely the answer.
  for (let i = 1; i <= 4; i++) {
    const browser = new Browser(app.origin, { 'x-forwarded-for': `192.0.2.${i}` });
    expect((await browser.signIn()).status).toBe(200);
    browsers.push(browser);
  }
  const login = await fetch(`${app.origin}/courier${LOGIN_PATH}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: basic(DEMO_CLIENT.id, DEMO_CLIENT.secret),
    },
    body: JSON.stringify({
      data: { systemRequest: { user: DEMO_USER.email, password: DEMO_USER.password } },
    }),
  });
  courierToken = ((await login.json()) as { token: { access_token: string } }).token.access_token;
});
afterAll(() => app.close());

// ---------------------------------------------------------------------------------------------
// What may be sent

/** Characters that have broken parsers, logs and terminals before. */
const ODD_CHARACTERS = [
  '\u0000',
  '\ud800',
  '\udfff',
  '\u202e',
  '\u200f',
  '\u200b',
  '\ufeff',
  '\u0301',
  '\u2028',
  '\u2029',
  '😀',
  '👩🏽‍🚒',
  '"',
  '\\',
  '</script>',
  '%00',
  '${process.env}',
  "' OR 1=1 --",
  '\r\n',
];

const oddString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.array(fc.constantFrom(...ODD_CHARACTERS), { maxLength: 12 }).map((parts) => parts.join('')),
  fc
    .tuple(fc.constantFrom('a', 'é', '😀', '\u0000', '\u202e'), fc.constantFrom(300, 5_000, 20_000))
    .map(([unit, length]) => unit.repeat(length)),
);

/** Odd text that still fits a field of at most `max` characters, not blank. */
const oddText = (max: number) =>
  fc
    .tuple(oddString, fc.constantFrom('', 'a', '36'))
    .map(([odd, tail]) => (odd.slice(0, max - tail.length) + tail).slice(0, max))
    .filter((text) => text.trim().length > 0);

const POLLUTION_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  'valueOf',
  'toJSON',
  'then',
];
const pollutionValue = fc.constantFrom<unknown>(
  { polluted: 'yes' },
  { prototype: { polluted: 'yes' } },
  'yes',
  null,
  [],
);

const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 3, arbitrary: oddString },
  {
    weight: 1,
    arbitrary: fc.constantFrom(1e308, -1e308, 5e-324, -0, 2 ** 53 + 1, 91, -181, '19.42', true),
  },
);

/** An object with `base`'s keys, some values swapped for odd ones, and odd keys added. */
function nearly(base: Record<string, unknown>, inner?: fc.Arbitrary<unknown>) {
  const keys = Object.keys(base);
  return fc
    .tuple(
      fc.array(fc.tuple(fc.constantFrom(...keys), inner ?? oddValue), { maxLength: 3 }),
      fc.array(fc.constantFrom(...keys), { maxLength: 2 }),
      fc.array(fc.tuple(fc.oneof(fc.constantFrom(...POLLUTION_KEYS), oddString), pollutionValue), {
        maxLength: 3,
      }),
    )
    .map(([swaps, removals, extras]) =>
      // Object.fromEntries defines '__proto__' as an own key, as JSON.parse on the server will.
      Object.fromEntries(
        [...Object.entries(base), ...swaps, ...extras].filter(([key]) => !removals.includes(key)),
      ),
    );
}

/** A JSON text nested `depth` levels deep at `key`. */
const deepNesting = fc
  .tuple(
    fc.constantFrom(100, 1_000, 7_000, 50_000),
    fc.constantFrom('[', '{"a":'),
    fc.constantFrom('pickup', 'data', 'x'),
  )
  .map(([depth, open, key]) => {
    const close = open === '[' ? ']' : '}';
    return `{"${key}":${open.repeat(depth)}1${close.repeat(depth)}}`;
  });

/** A body as sent on the wire: JSON of a value, a raw text, or raw bytes. */
type Body = { json: unknown } | { text: string } | { bytes: Uint8Array };

const rawBody: fc.Arbitrary<Body> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((json) => ({ json })),
  deepNesting.map((text) => ({ text })),
  oddString.map((text) => ({ text })),
  // A valid body cut short anywhere.
  fc.nat().map((n) => {
    const text = JSON.stringify(RECORDED_TRIP);
    return { text: text.slice(0, n % text.length) };
  }),
  // Bytes that are not UTF-8 at all.
  fc.uint8Array({ minLength: 1, maxLength: 200 }).map((bytes) => ({ bytes })),
  fc.constant({ bytes: Uint8Array.from([0x7b, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x3a, 0x31, 0x7d]) }),
);

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/jsonp',
  'application/json-patch+json',
  'text/json',
  'application/xml',
  '*/*',
];
const wrongContentType = fc.oneof(
  fc.constantFrom(...CONTENT_TYPES),
  fc.string({ unit: 'binary-ascii', maxLength: 60 }).filter((text) => /^[\x20-\x7e]*$/.test(text)),
);
const jsonContentType = fc.constantFrom(
  'application/json',
  'APPLICATION/JSON',
  'application/json; charset=utf-8',
  'application/json;charset=utf-16',
  'application/json ; x=1',
);

const serialise = (body: Body): string | Uint8Array =>
  'json' in body ? JSON.stringify(body.json) : 'text' in body ? body.text : body.bytes;

// ---------------------------------------------------------------------------------------------
// What must come back

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

async function send(
  method: string,
  path: string,
  { headers = {}, body }: { headers?: Record<string, string>; body?: string | Uint8Array } = {},
): Promise<Answer> {
  const response = await fetch(`${app.origin}${path}`, {
    method,
    headers,
    body: typeof body === 'string' || body === undefined ? body : Buffer.from(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

const apiErrorSchema = z.strictObject({
  error: z.strictObject({
    code: z.string().regex(/^[a-z]+(_[a-z]+)*$/),
    message: z.string().min(1).max(500),
    fields: z.record(z.string(), z.string().min(1)).optional(),
  }),
});

/** The dispatch app's answer: a success, or its error envelope with the status of its code. */
function expectApiAnswer(answer: Answer, { success }: { success: number[] }) {
  expect(answer.status, answer.text.slice(0, 300)).toBeLessThan(500);
  expect(leaksInternals(answer.text)).toBe(false);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  if (success.includes(answer.status)) return;
  const parsed = apiErrorSchema.safeParse(answer.json);
  expect(parsed.success, answer.text.slice(0, 300)).toBe(true);
  const code = parsed.data!.error.code as ApiErrorCode;
  expect(new ApiError(code, '').status, code).toBe(answer.status);
}

const COURIER_STATUS: Record<number, number[]> = {
  [-100]: [400, 413, 415],
  [-111]: [422],
  [-113]: [422],
  [-114]: [422],
  [-155]: [401],
  [-156]: [401],
  [-165]: [429],
  [-190]: [401],
  [-192]: [400],
  [-194]: [401],
};

/** `addressIndex` names the drop-off a -113 is about when a quotation has several (docs/courier-api.md). */
const courierErrorSchema = z.strictObject({
  code: z.number().int().negative(),
  message: z.string().min(1).max(500),
  addressIndex: z.number().int().min(0).optional(),
});

/**
 * The built-in courier runs in its default error mode, `legacy`: every answer is HTTP 200, either
 * `code: 0` or `{code, message}` with a known code (in the `http` mode the status would be the
 * code's own, as COURIER_STATUS lists).
 */
const COURIER_ERROR_MODE: 'legacy' | 'http' = 'legacy';

/** The courier's answer: `code: 0`, or `{code, message}` with a known code and its mode's status. */
function expectCourierAnswer(answer: Answer) {
  expect(answer.status, answer.text.slice(0, 300)).toBeLessThan(500);
  expect(leaksInternals(answer.text)).toBe(false);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  if ((answer.json as { code?: unknown }).code === 0) {
    expect(answer.status).toBe(200);
    return;
  }
  const parsed = courierErrorSchema.safeParse(answer.json);
  expect(parsed.success, answer.text.slice(0, 300)).toBe(true);
  const statuses = COURIER_STATUS[parsed.data!.code];
  expect(statuses, answer.text).toBeDefined();
  expect(COURIER_ERROR_MODE === 'legacy' ? [200] : statuses, answer.text).toContain(answer.status);
}

const browserAt = (index: number) => browsers[index % browsers.length]!;
const sessionHeaders = (index: number): Record<string, string> => ({
  origin: app.origin,
  cookie: browserAt(index).cookie!,
});

const property = <T>(arbitrary: fc.Arbitrary<T>, check: (value: T) => Promise<void>) =>
  fc.assert(fc.asyncProperty(arbitrary, check), { numRuns: RUNS });

/**
 * How often each status came over a property's runs. A property that accepts 429 must also show
 * that the limiter let requests through, or it would pass having tested only the limiter.
 */
function statusTally() {
  const counts = new Map<number, number>();
  return {
    add: (status: number) => counts.set(status, (counts.get(status) ?? 0) + 1),
    count: (...statuses: number[]) => statuses.reduce((sum, s) => sum + (counts.get(s) ?? 0), 0),
    toString: () => JSON.stringify(Object.fromEntries(counts)),
  };
}

// ---------------------------------------------------------------------------------------------

describe('POST /api/quote with whatever a client sends', () => {
  const point = (base: Record<string, unknown>) => nearly(base);
  const nearlyValidTrip = fc
    .tuple(point(RECORDED_TRIP.pickup), point(RECORDED_TRIP.dropoff))
    .chain(([pickup, dropoff]) => nearly({ pickup, dropoff }, fc.constant(pickup)));

  it('a nearly valid trip with odd values, odd keys or missing fields never gets a 5xx', async () => {
    await property(fc.tuple(nearlyValidTrip, fc.nat()), async ([trip, n]) => {
      const answer = await send('POST', '/api/quote', {
        headers: { ...sessionHeaders(n), 'content-type': 'application/json' },
        body: JSON.stringify(trip),
      });
      expectApiAnswer(answer, { success: [200] });
    });
  });

  it('odd text in every free-text field is quoted, refused cleanly by the courier, or (a control character, half a UTF-16 pair) refused with 400 naming the field', async () => {
    const point = (base: (typeof RECORDED_TRIP)['pickup']) =>
      fc.record({
        street: oddText(150),
        // Not free text: digits or a convention (lib/quote/schema.ts); the rest is refused with
        // 400 (test/contract/exterior-number.test.ts).
        exteriorNumber: fc.constantFrom('36', '36-B', '36 Bis', 'S/N', 'Mz 4 Lt 12', 'Km 3.5'),
        interiorNumber: fc.option(oddText(20), { nil: undefined }),
        neighborhood: oddText(100),
        zipCode: fc.constant(base.zipCode),
        lat: fc.oneof(
          { weight: 4, arbitrary: fc.constant(base.lat) },
          fc.double({ min: -90, max: 90, noNaN: true }),
        ),
        lng: fc.oneof(
          { weight: 4, arbitrary: fc.constant(base.lng) },
          fc.double({ min: -180, max: 180, noNaN: true }),
        ),
      });
    await property(
      fc.tuple(point(RECORDED_TRIP.pickup), point(RECORDED_TRIP.dropoff), fc.nat()),
      async ([pickup, dropoff, n]) => {
        const answer = await send('POST', '/api/quote', {
          headers: { ...sessionHeaders(n), 'content-type': 'application/json' },
          body: JSON.stringify({ pickup, dropoff }),
        });
        expectApiAnswer(answer, { success: [200] });
        // What no one types (lib/quote/schema.ts), past the trimming of the ends.
        const unreadable = Object.entries({ pickup, dropoff }).flatMap(([stop, fields]) =>
          Object.entries(fields)
            .filter(
              ([, value]) => typeof value === 'string' && /[\p{Cc}\p{Cs}]/u.test(value.trim()),
            )
            .map(([field]) => `${stop}.${field}`),
        );
        if (unreadable.length === 0) {
          expect([200, 422]).toContain(answer.status);
          return;
        }
        expect(answer.status).toBe(400);
        const { fields } = (answer.json as { error: { fields: Record<string, string> } }).error;
        expect(Object.keys(fields).sort()).toEqual(unreadable.sort());
      },
    );
  });

  it('arbitrary JSON, deep nesting, cut-short and non-UTF-8 bodies get 400 or 413', async () => {
    await property(fc.tuple(rawBody, jsonContentType, fc.nat()), async ([body, type, n]) => {
      const answer = await send('POST', '/api/quote', {
        headers: { ...sessionHeaders(n), 'content-type': type },
        body: serialise(body),
      });
      expectApiAnswer(answer, { success: [] });
      expect([400, 413]).toContain(answer.status);
    });
  });

  it('a body of any other content type gets 415 unsupported_media_type', async () => {
    await property(fc.tuple(wrongContentType, fc.nat()), async ([type, n]) => {
      const answer = await send('POST', '/api/quote', {
        headers: { ...sessionHeaders(n), 'content-type': type },
        body: JSON.stringify(RECORDED_TRIP),
      });
      expectApiAnswer(answer, { success: [] });
      expect(answer.status).toBe(415);
    });
  });
});

describe('POST /api/session with whatever a client sends', () => {
  let address = 0;
  /** Every attempt from its own address, so the sign-in limits are not what answers. */
  const fresh = () => ({
    origin: app.origin,
    'x-forwarded-for': `10.${address++ >> 8}.0.${address % 250}`,
  });

  it('odd e-mails and passwords never get a 5xx', async () => {
    const credentials = nearly({ email: 'someone@example.com', password: 'not-the-password' });
    await property(credentials, async (body) => {
      const answer = await send('POST', '/api/session', {
        headers: { ...fresh(), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expectApiAnswer(answer, { success: [] });
      expect(answer.headers.getSetCookie()).toEqual([]);
    });
  });

  it('odd e-mails that pass the form’s rule reach the courier and are refused, never a 5xx', async () => {
    const email = fc
      .tuple(oddText(60), oddText(40))
      .map(
        ([local, domain]) => `${local.replace(/[\s@]/g, '_')}@${domain.replace(/[\s@]/g, '_')}.mx`,
      );
    const statuses = statusTally();
    await property(fc.tuple(email, oddText(200)), async ([address, password]) => {
      const answer = await send('POST', '/api/session', {
        headers: { ...fresh(), 'content-type': 'application/json' },
        body: JSON.stringify({ email: address, password }),
      });
      statuses.add(answer.status);
      expectApiAnswer(answer, { success: [] });
      expect([400, 401, 429]).toContain(answer.status);
      expect(answer.headers.getSetCookie()).toEqual([]);
    });
    // Some did reach the courier and were refused by it (401), not all stopped by the limiter.
    expect(statuses.count(401), String(statuses)).toBeGreaterThan(0);
  });

  it('arbitrary bodies and content types get 400, 413 or 415, never a session', async () => {
    const typed = fc.oneof(jsonContentType, wrongContentType);
    await property(fc.tuple(rawBody, typed), async ([body, type]) => {
      const answer = await send('POST', '/api/session', {
        headers: { ...fresh(), 'content-type': type },
        body: serialise(body),
      });
      expectApiAnswer(answer, { success: [] });
      expect([400, 413, 415]).toContain(answer.status);
      expect(answer.headers.getSetCookie()).toEqual([]);
    });
  });
});

describe('GET /api/geocode with whatever a client puts in the query', () => {
  /** Query text as sent: percent-encoded, or raw bytes that are not UTF-8. */
  const queryText = fc.oneof(
    oddString
      .filter((text) => text.length < 2_000)
      .map((text) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '\ufffd'))),
    fc.constantFrom('%ED%A0%80', '%FF%FE', '%00', '%E2%80%AE', '%', '%%', '%zz', '+', '&&&'),
    fc.constantFrom('1e5', '-0', '.5', '1.', 'NaN', 'Infinity', '90.0000001', '-180', '0x10'),
  );

  it('searching odd text near a valid point answers 200 or 400, never a 5xx', async () => {
    const text = oddText(250).map((q) =>
      encodeURIComponent(q.replace(/[\ud800-\udfff]/g, '\ufffd')),
    );
    const near = fc.option(fc.constant('&lat=19.43&lng=-99.13'), { nil: '' });
    const statuses = statusTally();
    await property(fc.tuple(text, near, fc.nat()), async ([q, at, n]) => {
      const answer = await send('GET', `/api/geocode/search?q=${q}${at}`, {
        headers: sessionHeaders(n),
      });
      statuses.add(answer.status);
      expectApiAnswer(answer, { success: [200] });
      expect([200, 400, 429]).toContain(answer.status);
    });
    // The searches were answered, not only rate-limited.
    expect(statuses.count(200), String(statuses)).toBeGreaterThan(0);
  });

  it('search and reverse with odd parameters answer 200, 400 or 429, never a 5xx', async () => {
    const statuses = statusTally();
    await property(
      fc.tuple(fc.constantFrom('search', 'reverse'), queryText, queryText, queryText, fc.nat()),
      async ([route, q, lat, lng, n]) => {
        const answer = await send('GET', `/api/geocode/${route}?q=${q}&lat=${lat}&lng=${lng}`, {
          headers: sessionHeaders(n),
        });
        statuses.add(answer.status);
        expectApiAnswer(answer, { success: [200] });
        expect([200, 400, 429]).toContain(answer.status);
      },
    );
    // The odd parameters were judged (200 or 400), not only rate-limited.
    expect(statuses.count(200, 400), String(statuses)).toBeGreaterThan(0);
  });
});

describe('the courier service with whatever a client sends', () => {
  let address = 0;
  const fresh = () => `172.16.${address++ >> 8}.${address % 250}`;
  const authorization = fc.oneof(
    { weight: 4, arbitrary: fc.constant(basic(DEMO_CLIENT.id, DEMO_CLIENT.secret)) },
    { weight: 1, arbitrary: fc.constantFrom('Basic', 'Basic !!!', 'Bearer x', basic('', '')) },
    {
      weight: 1,
      arbitrary: oddString.map((text) =>
        basic(text.replace(/[^\x20-\x7e]/g, '?').slice(0, 200), 'x'),
      ),
    },
  );

  it('login: odd users, passwords and envelopes get a -1xx code, never a 5xx', async () => {
    const systemRequest = nearly({ user: 'someone@example.com', password: 'nope' });
    const body = fc.oneof(
      systemRequest.map((request) => ({ json: { data: { systemRequest: request } } })),
      systemRequest.chain((request) =>
        nearly({ systemRequest: request }).map((data) => ({ json: { data } })),
      ),
      rawBody,
    );
    await property(
      fc.tuple(body, authorization, fc.oneof(jsonContentType, wrongContentType)),
      async ([sent, auth, type]) => {
        const answer = await send('POST', `/courier${LOGIN_PATH}`, {
          headers: { 'content-type': type, authorization: auth, 'x-forwarded-for': fresh() },
          body: serialise(sent),
        });
        expectCourierAnswer(answer);
        expect((answer.json as { code: number }).code).not.toBe(0);
      },
    );
  });

  it('login: odd users and passwords from a known client are refused with -192 or -194', async () => {
    const user = fc.oneof(
      oddText(80),
      fc.tuple(oddText(40), oddText(20)).map(([local, domain]) => `${local}@${domain}.mx`),
    );
    await property(fc.tuple(user, oddText(300)), async ([name, password]) => {
      const answer = await send('POST', `/courier${LOGIN_PATH}`, {
        headers: {
          'content-type': 'application/json',
          authorization: basic(DEMO_CLIENT.id, DEMO_CLIENT.secret),
          'x-forwarded-for': fresh(),
        },
        body: JSON.stringify({ data: { systemRequest: { user: name, password } } }),
      });
      expectCourierAnswer(answer);
      expect([-100, -165, -192, -194]).toContain((answer.json as { code: number }).code);
    });
  });

  it('quotation: odd text in valid addresses is priced or refused with a -1xx code', async () => {
    const stop = (base: typeof VARSOVIA_36) =>
      fc.record({
        street: oddText(150),
        externalNumber: fc.oneof(oddText(20), fc.integer({ min: 0, max: 99_999 })),
        internalNumber: fc.option(oddText(20), { nil: null }),
        neighborhood: oddText(100),
        zipCode: fc.constant(base.zipCode),
        latitude: fc.oneof({ weight: 4, arbitrary: fc.constant(base.latitude) }, oddText(12)),
        longitude: fc.oneof({ weight: 4, arbitrary: fc.constant(base.longitude) }, oddText(12)),
        comment: fc.option(oddText(300), { nil: undefined }),
      });
    await property(fc.tuple(stop(VARSOVIA_36), stop(SONORA_180)), async ([from, to]) => {
      const answer = await send('POST', `/courier${QUOTATION_PATH}`, {
        headers: { 'content-type': 'application/json', token: courierToken },
        body: JSON.stringify(trip(from, to)),
      });
      expectCourierAnswer(answer);
    });
  });

  it('quotation: odd addresses, flags and envelopes get a -1xx code, never a 5xx', async () => {
    const recorded = trip(VARSOVIA_36, SONORA_180);
    const [pickup, dropoff] = recorded.data.bOrder.orderAddresses;
    const address = (base: Record<string, unknown>) => nearly(base);
    const entry = (base: typeof pickup) =>
      address(base!.address as unknown as Record<string, unknown>).chain((inner) =>
        nearly({ ...base, address: inner }, fc.oneof(oddValue, fc.constant(inner))),
      );
    const body = fc.oneof(
      fc
        .tuple(fc.array(fc.oneof(entry(pickup!), entry(dropoff!)), { maxLength: 12 }))
        .map(([orderAddresses]) => ({ json: { data: { bOrder: { orderAddresses } } } })),
      fc
        .tuple(entry(pickup!), entry(dropoff!))
        .map(([a, b]) => ({ json: { data: { bOrder: { orderAddresses: [a, b] } } } })),
      rawBody,
    );
    const token = fc.oneof(
      { weight: 5, arbitrary: fc.constant(() => courierToken) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          () => '',
          () => 'x',
          () => `${courierToken}x`,
          () => courierToken.split('.').slice(0, 2).join('.') + '.',
          () => 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
        ),
      },
    );
    await property(
      fc.tuple(body, token, fc.oneof({ weight: 4, arbitrary: jsonContentType }, wrongContentType)),
      async ([sent, tokenOf, type]) => {
        const value = tokenOf();
        const answer = await send('POST', `/courier${QUOTATION_PATH}`, {
          headers: { 'content-type': type, ...(value ? { token: value } : {}) },
          body: serialise(sent),
        });
        expectCourierAnswer(answer);
      },
    );
  });
});

describe('after all of it', () => {
  it('Object.prototype, Array.prototype and Function.prototype are as they were', () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeysBefore.object);
    expect(Object.getOwnPropertyNames(Array.prototype).sort()).toEqual(prototypeKeysBefore.array);
    expect(Object.getOwnPropertyNames(Function.prototype).sort()).toEqual(
      prototypeKeysBefore.function,
    );
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('the server logged no error and still quotes the recorded trip', async () => {
    const errors = logLines.filter((line) => JSON.parse(line).level >= 50);
    expect(errors).toEqual([]);
    const quote = await browserAt(0).quote();
    expect(quote.status).toBe(200);
  });

  it('the dispatchers are still signed in', async () => {
    for (const browser of browsers) {
      expect((await browser.request('GET', '/api/session')).json.user.email).toBe(DISPATCHER.email);
    }
  });
});
