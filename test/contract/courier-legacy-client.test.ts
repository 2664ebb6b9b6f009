import { request } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOGIN_PATH, QUOTATION_PATH } from '@/lib/courier-api/wire';
import type { AppServer } from '../support/app-server';
import {
  DEMO_CLIENT,
  DEMO_USER,
  ERROR_MODES,
  startCourierInMode,
  TEST_JWT_SECRET,
  type ErrorMode,
} from './courier-fixtures';

/**
 * The compatibility suite: the built-in courier driven the way clients of the legacy API drove the
 * real service (docs/courier-api.md, "What a legacy client sees"), as public client code and its
 * recorded traffic show. Such a client sends the token in a header spelled `Token`, builds each
 * order address with `comment`, `personApproved` and `phone`, `idAddress: null`, the exterior
 * number as text and `internalNumber: null`; it reads `data.idClient` from the login and
 * `data.zone.idZone`, `data.packageType.idPackageType` and the per-address `distance`, `eta` and
 * `price` from a quote, as JSON numbers. It reads `code` only on an HTTP 2xx (anything else is a
 * bare HTTP error to it), and on -156 it logs in again and retries once.
 */

/** A refusal the client could read: a negative code over HTTP 200. */
class LegacyApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** Anything but a 2xx: the client raises the status and never looks at the body. */
class BareHttpError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

/** One POST with the header names exactly as given (node:http keeps their letter case). */
function post(url: string, headers: Record<string, string>, body: unknown) {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise<{ status: number; json: unknown }>((resolve, reject) => {
    const outgoing = request(
      url,
      { method: 'POST', headers: { ...headers, 'Content-Length': String(payload.length) } },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: incoming.statusCode ?? 0, json });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

interface Stop {
  isPickup: 0 | 1;
  personApproved: string;
  phone: string;
  externalNumber: string;
  internalNumber: string | null;
  latitude: string;
  longitude: string;
  neighborhood: string;
  street: string;
  zipCode: string;
}

/** An order address as legacy clients built it. */
const orderAddress = ({ isPickup, personApproved, phone, ...address }: Stop) => ({
  isPickup,
  isSource: isPickup,
  comment: 'N/A',
  personApproved,
  phone,
  address: { idAddress: null, ...address },
});

const VARSOVIA_36: Stop = {
  isPickup: 1,
  personApproved: 'Ana Pérez',
  phone: '5522334455',
  externalNumber: '36',
  internalNumber: null,
  latitude: '19.4245207',
  longitude: '-99.1676911',
  neighborhood: 'Juarez',
  street: 'Varsovia',
  zipCode: '06600',
};
const SONORA_180: Stop = {
  isPickup: 0,
  personApproved: 'Luis Gómez',
  phone: '5566778899',
  externalNumber: '180',
  internalNumber: '1',
  latitude: '19.4133562',
  longitude: '-99.1672142',
  neighborhood: 'Hipodromo',
  street: 'Sonora',
  zipCode: '06100',
};
const PUEBLA_CENTRO: Stop = {
  ...VARSOVIA_36,
  externalNumber: '100',
  latitude: '19.0414',
  longitude: '-98.2063',
  neighborhood: 'Centro',
  street: 'Avenida Reforma',
  zipCode: '72000',
};

/** A client of the legacy API, written from how such clients used the service. */
class LegacyApiClient {
  token: string | undefined;
  idClient: number | undefined;
  logins = 0;
  /** Every result code the client read, in order. */
  readonly codesSeen: number[] = [];

  constructor(
    private readonly baseUrl: string,
    private readonly credentials: { user: string; password: string },
  ) {}

  private check(answer: { status: number; json: unknown }) {
    if (answer.status < 200 || answer.status >= 300) throw new BareHttpError(answer.status);
    const json = answer.json as { code: number; message?: string };
    this.codesSeen.push(json.code);
    if (json.code !== 0) throw new LegacyApiError(json.code, json.message ?? '');
    return json as { code: 0; data: Record<string, unknown> } & Record<string, unknown>;
  }

  async login() {
    const basic = Buffer.from(`${DEMO_CLIENT.id}:${DEMO_CLIENT.secret}`).toString('base64');
    const json = this.check(
      await post(
        `${this.baseUrl}${LOGIN_PATH}`,
        { Authorization: `Basic ${basic}`, 'Content-Type': 'application/json' },
        { data: { systemRequest: this.credentials } },
      ),
    );
    this.token = (json.token as { access_token: string }).access_token;
    this.idClient = json.data.idClient as number;
    this.logins += 1;
  }

  /** A call with the token; on -156 (token expired) one more login and one retry. */
  private async call(path: string, body: unknown) {
    if (!this.token) await this.login();
    const send = () =>
      post(
        `${this.baseUrl}${path}`,
        { 'Content-type': 'application/json', Token: this.token! },
        body,
      );
    try {
      return this.check(await send());
    } catch (error) {
      if (!(error instanceof LegacyApiError) || error.code !== -156) throw error;
      await this.login();
      return this.check(await send());
    }
  }

  async budget(...stops: Stop[]) {
    const json = await this.call(QUOTATION_PATH, {
      data: { bOrder: { orderAddresses: stops.map(orderAddress) } },
    });
    const data = json.data as {
      distance: number;
      price: number;
      eta: number;
      total: number;
      isBike: boolean;
      zone: { idZone: number };
      packageType: { idPackageType: number };
      orderAddresses: Array<Record<string, unknown>>;
    };
    return {
      distance: data.distance,
      price: data.price,
      eta: data.eta,
      total: data.total,
      isBike: data.isBike,
      zone: data.zone.idZone,
      packageType: data.packageType.idPackageType,
      addresses: data.orderAddresses,
    };
  }
}

/** What a call threw, as the client's own caller would see it. */
async function failureOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof LegacyApiError) return { code: error.code, message: error.message };
    if (error instanceof BareHttpError) return { httpStatus: error.status };
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe.each(ERROR_MODES)('a legacy API client, %s error mode', (mode: ErrorMode) => {
  let server: AppServer;
  let baseUrl: string;
  const client = (user = DEMO_USER.email, password = DEMO_USER.password) =>
    new LegacyApiClient(baseUrl, { user, password });

  beforeAll(async () => {
    server = await startCourierInMode(mode, {
      COURIER_JWT_SECRET: TEST_JWT_SECRET,
      COURIER_TOKEN_TTL: '1h',
      // Daytime in Mexico City: the recorded trip without the night surcharge.
      COURIER_PRICING_TIME: '2026-11-20T12:00:00-06:00',
    });
    baseUrl = `${server.url}/courier`;
  });
  afterAll(() => server.close());
  afterEach(() => void vi.useRealTimers());

  it('logs in with Basic credentials and reads data.idClient and token.access_token', async () => {
    const legacy = client();
    await legacy.login();
    expect(legacy.idClient).toEqual(expect.any(Number));
    expect(legacy.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('prices the recorded trip as the recorded traffic reads, every figure a JSON number', async () => {
    const budget = await client().budget(VARSOVIA_36, SONORA_180);
    expect(budget).toMatchObject({
      distance: 1.58,
      price: 35,
      eta: 28,
      total: 35,
      isBike: true,
      zone: 1,
      packageType: 1, // an envelope
    });
    const [pickup, dropoff] = budget.addresses;
    expect(pickup).toMatchObject({ isPickup: 1, distance: 0, price: 0, eta: 20 });
    expect(dropoff).toMatchObject({ isPickup: 0, distance: 1.58, price: 35, eta: 28 });
    for (const address of budget.addresses) {
      for (const figure of ['distance', 'eta', 'price']) {
        expect(typeof address[figure], figure).toBe('number');
      }
      // What the client sent comes back: its extra fields, the texts, the nulls.
      expect(address).toMatchObject({ comment: 'N/A', personApproved: expect.any(String) });
      expect(address.address).toMatchObject({
        idAddress: null,
        externalNumber: expect.any(String),
        latitude: expect.any(Number),
        longitude: expect.any(Number),
      });
    }
    expect(pickup!.address).toMatchObject({ internalNumber: null, externalNumber: '36' });
  });

  it(
    mode === 'legacy'
      ? 'reads a pickup out of coverage as -114 with its Spanish message, a drop-off as -113'
      : 'gets a bare HTTP 422 for a point out of coverage, without the code it reads',
    async () => {
      const pickupOut = await failureOf(client().budget(PUEBLA_CENTRO, SONORA_180));
      const dropoffOut = await failureOf(
        client().budget(VARSOVIA_36, { ...PUEBLA_CENTRO, isPickup: 0 }),
      );
      if (mode === 'legacy') {
        expect(pickupOut).toEqual({
          code: -114,
          message: 'El punto de recolección esta fuera de cobertura',
        });
        expect(dropoffOut).toEqual({
          code: -113,
          message: 'El punto de entrega esta fuera de cobertura',
        });
      } else {
        expect(pickupOut).toEqual({ httpStatus: 422 });
        expect(dropoffOut).toEqual({ httpStatus: 422 });
      }
    },
  );

  it(
    mode === 'legacy'
      ? 'when its token expires it reads -156 over HTTP 200, logs in again once and the retry succeeds'
      : 'when its token expires it gets a bare HTTP 401: its re-login on -156 never fires',
    async () => {
      const legacy = client();
      await legacy.login();
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61 * 60_000 });
      if (mode === 'legacy') {
        const budget = await legacy.budget(VARSOVIA_36, SONORA_180);
        expect(budget.price).toBe(35);
        expect(legacy.codesSeen).toEqual([0, -156, 0, 0]);
        expect(legacy.logins).toBe(2);
      } else {
        expect(await failureOf(legacy.budget(VARSOVIA_36, SONORA_180))).toEqual({
          httpStatus: 401,
        });
        expect(legacy.logins).toBe(1);
      }
    },
  );

  it(
    mode === 'legacy'
      ? 'reads its login failures as codes: -192 "Correo Invalido", -194 for a wrong password or user'
      : 'gets its login failures as bare HTTP 400 and 401',
    async () => {
      const notAnEmail = await failureOf(client('dispatcher', 'x').login());
      const wrongPassword = await failureOf(client(DEMO_USER.email, 'not-it').login());
      const unknownUser = await failureOf(client('nobody@example.com', 'x').login());
      if (mode === 'legacy') {
        expect(notAnEmail).toEqual({ code: -192, message: 'Correo Invalido' });
        expect(wrongPassword).toMatchObject({ code: -194 });
        // No -193: the built-in never says which e-mails have accounts.
        expect(unknownUser).toEqual(wrongPassword);
      } else {
        expect(notAnEmail).toEqual({ httpStatus: 400 });
        expect(wrongPassword).toEqual({ httpStatus: 401 });
        expect(unknownUser).toEqual({ httpStatus: 401 });
      }
    },
  );

  it(
    mode === 'legacy'
      ? 'reads a wrong number of addresses as -111'
      : 'gets a bare HTTP 422 for a wrong number of addresses',
    async () => {
      const failure = await failureOf(client().budget(VARSOVIA_36));
      expect(failure).toEqual(
        mode === 'legacy' ? { code: -111, message: expect.any(String) } : { httpStatus: 422 },
      );
    },
  );
});
