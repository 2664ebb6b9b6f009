import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginResponseSchema, quotationResponseSchema } from '@/lib/courier-api/wire';
import { THREE_STOP_DAY_LEGS, THREE_STOP_DAY_TOTALS } from '../fixtures/three-stop-trip';
import type { AppServer } from '../support/app-server';
import {
  courierCalls,
  DEMO_CLIENT,
  DURANGO_200,
  ERROR_MODES,
  failureStatus,
  GUADALAJARA_CENTRO,
  HAVRE_30,
  leaksInternals,
  METRO_COYOACAN,
  MONTERREY_CENTRO,
  MONTERREY_SAN_PEDRO,
  order,
  PUEBLA_CENTRO,
  SONORA_180,
  startCourierInMode,
  TEST_JWT_SECRET,
  trip,
  VARSOVIA_36,
  type ErrorMode,
} from './courier-fixtures';

const key = new TextEncoder().encode(TEST_JWT_SECRET);

describe.each(ERROR_MODES)('courier quotation, %s error mode', (mode: ErrorMode) => {
  let server: AppServer;
  let courier: ReturnType<typeof courierCalls>;
  let token: string;
  let idClient: number;

  beforeAll(async () => {
    server = await startCourierInMode(mode, {
      COURIER_JWT_SECRET: TEST_JWT_SECRET,
      COURIER_TOKEN_TTL: '1h',
      // Daytime in Mexico City, so no night surcharge whatever the hour of the test run.
      COURIER_PRICING_TIME: '2026-11-20T12:00:00-06:00',
    });
    courier = courierCalls(server.url);
    const login = loginResponseSchema.parse(await (await courier.login()).json());
    token = login.token.access_token;
    idClient = login.data.idClient;
  });
  afterAll(() => server.close());

  /** A failure as the mode answers it: HTTP 200 in legacy mode, else `httpStatus`. */
  async function expectFailure(response: Response, httpStatus: number, code: number) {
    const text = await response.text();
    expect(leaksInternals(text), text).toBe(false);
    expect(response.status, text).toBe(failureStatus(mode, httpStatus));
    const body = JSON.parse(text) as { code: number; message: string; addressIndex?: number };
    // {code, message} as the legacy service answered; -113 also names the address outside.
    expect(body).toEqual({
      code,
      message: expect.any(String),
      ...(code === -113 && { addressIndex: expect.any(Number) }),
    });
    return body;
  }

  async function quoted(body: unknown) {
    const response = await courier.quote(body, token);
    const text = await response.text();
    expect(response.status, text).toBe(200);
    return quotationResponseSchema.parse(JSON.parse(text)).data;
  }

  const claims = () =>
    new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('dispatch-quote-courier')
      .setAudience(DEMO_CLIENT.id)
      .setSubject(String(idClient));

  describe('courier quotation: prices', () => {
    it('prices the recorded trip Varsovia 36 → Sonora 180 at 35.00 MXN, 28 min, by bicycle', async () => {
      const quote = await quoted(trip(VARSOVIA_36, SONORA_180));
      expect(quote).toMatchObject({
        price: 35,
        total: 35,
        eta: 28,
        isBike: true,
        vehicle: 'bicycle',
        discount: 0,
        packageValue: 0,
        zone: { idZone: 1, name: 'cdmx', description: 'CDMX|MÉX.|MOR.|HGO.' },
      });
      // 1.2424 km as the crow flies × cdmx's road factor 1.27: 1.58 km, as the legacy courier
      // measured it by road.
      expect(quote.distance).toBe(1.58);
      expect(quote.messengerFee).toBe(28);
      expect(quote.expressCost).toBe(7);
      expect(quote.extraCharge).toBe(0);
      expect(quote.total).toBe(35);
      expect(quote.packageType).toMatchObject({ idPackageType: 1 });
    });

    it('sends a 9 km trip in Mexico City by motorbike, at a higher price', async () => {
      const quote = await quoted(trip(VARSOVIA_36, METRO_COYOACAN));
      expect(quote.distance).toBe(8.92); // 7.03 km great circle × 1.27
      expect(quote.isBike).toBe(false);
      expect(quote.vehicle).toBe('motorbike');
      expect(quote.price).toBe(79.4); // 35 + (8.92 − 3) × 7.50
      expect(quote.eta).toBe(41); // 20 + 8.92 km at 25 km/h
    });

    it('echoes every address with numeric coordinates and the figures of the leg ending there', async () => {
      const quote = await quoted(trip(VARSOVIA_36, SONORA_180, METRO_COYOACAN));
      const [pickup, first, second] = quote.orderAddresses;
      expect(pickup).toMatchObject({ isPickup: 1, isSource: 1, distance: 0, price: 0, eta: 20 });
      expect(pickup!.address).toMatchObject({ latitude: 19.4245207, longitude: -99.1676911 });
      expect(first!.address).toMatchObject({ latitude: 19.4133562, longitude: -99.1672142 });
      // Sonora 180 → Metro Coyoacán: 5.7895 km great circle × 1.27 = 7.3527 → 7.35; 8.93 km in
      // all: 35 + 5.93 × 7.50 = 79.475 → 79.48 by motorbike; minutes at 25 km/h 20 + 3.79 and
      // 20 + 21.43. 7948 cents by cumulative km: 7948 × 1.58 / 8.93 = 1406.25 → 1406, then 7948.
      expect(first).toMatchObject({ distance: 1.58, eta: 24, price: 14.06 });
      expect(second).toMatchObject({ distance: 7.35, eta: 41, price: 65.42 });
      expect(quote).toMatchObject({ distance: 8.93, eta: 41, price: 79.48, isBike: false });
    });

    it('prices Varsovia 36 → Sonora 180 → Durango 200 → Havre 30 leg by leg: 3.72 km, 40.40 MXN, 39 min', async () => {
      const quote = await quoted(trip(VARSOVIA_36, SONORA_180, DURANGO_200, HAVRE_30));
      // The figures are worked out in test/fixtures/three-stop-trip.ts.
      expect(
        quote.orderAddresses.map(({ address, distance, eta, price }) => ({
          street: address.street,
          distance,
          eta,
          price,
        })),
      ).toEqual(
        ['Varsovia', 'Sonora', 'Durango', 'Havre'].map((street, at) => ({
          street,
          ...THREE_STOP_DAY_LEGS[at],
        })),
      );
      expect(quote).toMatchObject(THREE_STOP_DAY_TOTALS);
    });

    it('accepts the pickup anywhere in the list and routes from it', async () => {
      const quote = await quoted(order({ stop: SONORA_180 }, { stop: VARSOVIA_36, isPickup: 1 }));
      expect(quote.orderAddresses[0]).toMatchObject({ isPickup: 0, distance: 1.58 });
      expect(quote.orderAddresses[1]).toMatchObject({ isPickup: 1, distance: 0 });
      expect(quote).toMatchObject({ price: 35, distance: 1.58, eta: 28 });
    });

    it('accepts and echoes the extra fields real clients send', async () => {
      const body = trip(VARSOVIA_36, SONORA_180) as {
        data: { bOrder: { orderAddresses: Array<Record<string, unknown>> } };
      };
      const [pickup, dropoff] = body.data.bOrder.orderAddresses;
      Object.assign(pickup!, { idAddress: 7, comment: 'Tocar el timbre' });
      Object.assign(pickup!.address as object, { phone: '5555555555', personApproved: 'Ana' });
      Object.assign(dropoff!, { comment: null, idAddress: null });
      const quote = await quoted(body);
      expect(quote.orderAddresses[0]).toMatchObject({ idAddress: 7, comment: 'Tocar el timbre' });
      expect(quote.orderAddresses[0]!.address).toMatchObject({
        phone: '5555555555',
        personApproved: 'Ana',
        street: 'Varsovia',
        externalNumber: '36',
        internalNumber: null,
      });
      expect(quote.orderAddresses[1]).toMatchObject({ comment: null, idAddress: null });
    });

    it('accepts coordinates sent as numbers', async () => {
      const quote = await quoted(
        trip(
          { ...VARSOVIA_36, latitude: 19.4245207, longitude: -99.1676911 },
          { ...SONORA_180, latitude: 19.4133562, longitude: -99.1672142 },
        ),
      );
      expect(quote).toMatchObject({ price: 35, distance: 1.58, eta: 28 });
    });

    it('quotes within Guadalajara, the other active zone', async () => {
      const zapopan = { ...GUADALAJARA_CENTRO, latitude: '20.7214', longitude: '-103.3918' };
      const quote = await quoted(trip(GUADALAJARA_CENTRO, zapopan));
      expect(quote.zone).toMatchObject({ idZone: 2, name: 'gdl' });
    });
  });

  describe('courier quotation: coverage', () => {
    it('answers -114 when the pickup lies outside every zone', async () => {
      const body = await expectFailure(
        await courier.quote(trip(PUEBLA_CENTRO, SONORA_180), token),
        422,
        -114,
      );
      expect(body.message).toBe('El punto de recolección esta fuera de cobertura');
    });

    it('answers -114 for a pickup in Monterrey, a zone that is not active', async () => {
      await expectFailure(
        await courier.quote(trip(MONTERREY_CENTRO, MONTERREY_SAN_PEDRO), token),
        422,
        -114,
      );
    });

    it('answers -113 when a drop-off lies outside the pickup’s zone', async () => {
      const body = await expectFailure(
        await courier.quote(trip(VARSOVIA_36, PUEBLA_CENTRO), token),
        422,
        -113,
      );
      expect(body).toEqual({
        code: -113,
        message: 'El punto de entrega esta fuera de cobertura',
        addressIndex: 1,
      });
      await expectFailure(
        await courier.quote(trip(VARSOVIA_36, GUADALAJARA_CENTRO), token),
        422,
        -113,
      );
    });

    it('names by its position the first drop-off outside the pickup’s zone', async () => {
      const body = await expectFailure(
        await courier.quote(
          trip(VARSOVIA_36, SONORA_180, PUEBLA_CENTRO, GUADALAJARA_CENTRO),
          token,
        ),
        422,
        -113,
      );
      expect(body.addressIndex).toBe(2);
    });
  });

  describe('courier quotation: validation', () => {
    it('answers -111 to fewer than 2 or more than 10 addresses', async () => {
      await expectFailure(await courier.quote(trip(VARSOVIA_36), token), 422, -111);
      await expectFailure(
        await courier.quote(trip(VARSOVIA_36, ...Array(10).fill(SONORA_180)), token),
        422,
        -111,
      );
      expect(
        (await courier.quote(trip(VARSOVIA_36, ...Array(9).fill(SONORA_180)), token)).status,
      ).toBe(200);
    });

    it('answers -111 unless exactly one address is the pickup and also the source', async () => {
      const cases = [
        order({ stop: VARSOVIA_36 }, { stop: SONORA_180 }),
        order({ stop: VARSOVIA_36, isPickup: 1 }, { stop: SONORA_180, isPickup: 1 }),
        order({ stop: VARSOVIA_36, isPickup: 1, isSource: 0 }, { stop: SONORA_180, isSource: 1 }),
        order({ stop: VARSOVIA_36, isPickup: 1 }, { stop: SONORA_180, isSource: 1 }),
      ];
      for (const body of cases) await expectFailure(await courier.quote(body, token), 422, -111);
    });

    it('answers -100 to a wrong envelope or wrong field types', async () => {
      const bad = (patch: Record<string, unknown>) =>
        trip({ ...VARSOVIA_36, ...patch }, SONORA_180);
      const cases: unknown[] = [
        {},
        { data: {} },
        { data: { bOrder: { orderAddresses: 'two' } } },
        [trip(VARSOVIA_36, SONORA_180)],
        bad({ zipCode: '6600' }),
        bad({ zipCode: 6600 }),
        bad({ latitude: 'diecinueve' }),
        bad({ latitude: null }),
        bad({ street: '' }),
        bad({ externalNumber: -3 }),
        bad({ externalNumber: 'x'.repeat(30) }),
        order({ stop: VARSOVIA_36, isPickup: 2 as 1 }, { stop: SONORA_180 }),
      ];
      for (const body of cases) {
        const failure = await expectFailure(await courier.quote(body, token), 400, -100);
        expect(failure.message).toMatch(/^Formato invalido/);
      }
    });

    it('answers -100 to coordinates out of range', async () => {
      await expectFailure(
        await courier.quote(trip({ ...VARSOVIA_36, latitude: '95.0' }, SONORA_180), token),
        400,
        -100,
      );
      await expectFailure(
        await courier.quote(trip(VARSOVIA_36, { ...SONORA_180, longitude: -181 }), token),
        400,
        -100,
      );
    });

    it('answers -100 to malformed JSON', async () => {
      await expectFailure(await courier.quote('{"data": {"bOrder": [', token), 400, -100);
    });

    it('answers -100, not -160, to an extra field nested 20,000 deep', async () => {
      const body = JSON.stringify(trip(VARSOVIA_36, SONORA_180)).replace(
        '"isPickup":1',
        `"comment":${'['.repeat(20_000)}${']'.repeat(20_000)},"isPickup":1`,
      );
      expect(body.length).toBeLessThan(64 * 1024);
      const failure = await expectFailure(await courier.quote(body, token), 400, -100);
      expect(failure.message).toMatch(/anida/);
      // An order nested as deep as real ones are is still quoted.
      await quoted(trip({ ...VARSOVIA_36, comment: [[['nota']]] } as never, SONORA_180));
    });

    it('refuses a 70 KB body with -100 (HTTP 413 in the http mode)', async () => {
      const body = trip(
        { ...VARSOVIA_36, comment: 'x'.repeat(70 * 1024) } as typeof VARSOVIA_36,
        SONORA_180,
      );
      await expectFailure(await courier.quote(body, token), 413, -100);
    });
  });

  describe('courier quotation: token', () => {
    it('answers -155 "Token invalido" without a token', async () => {
      const body = await expectFailure(
        await courier.quote(trip(VARSOVIA_36, SONORA_180), undefined),
        401,
        -155,
      );
      expect(body.message).toBe('Token invalido');
    });

    it('answers -155 to a token in the Authorization header instead of `token`', async () => {
      await expectFailure(
        await courier.quote(trip(VARSOVIA_36, SONORA_180), undefined, {
          authorization: `Bearer ${token}`,
        }),
        401,
        -155,
      );
    });

    it('answers -155 to garbage and to a token signed with another key', async () => {
      await expectFailure(
        await courier.quote(trip(VARSOVIA_36, SONORA_180), 'abc.def.ghi'),
        401,
        -155,
      );
      const forged = await claims()
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('someone-elses-key-0123456789-0123456789'));
      await expectFailure(await courier.quote(trip(VARSOVIA_36, SONORA_180), forged), 401, -155);
    });

    it('answers -155 to a real token whose signature was tampered with', async () => {
      const [header, payload, signature] = token.split('.');
      const flipped = `${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
      await expectFailure(
        await courier.quote(trip(VARSOVIA_36, SONORA_180), `${header}.${payload}.${flipped}`),
        401,
        -155,
      );
    });

    it('answers -155 to an unsigned token (alg "none")', async () => {
      const unsigned = new UnsecuredJWT({})
        .setIssuer('dispatch-quote-courier')
        .setAudience(DEMO_CLIENT.id)
        .setSubject(String(idClient))
        .setIssuedAt()
        .setExpirationTime('1h')
        .encode();
      expect(unsigned.endsWith('.')).toBe(true);
      await expectFailure(await courier.quote(trip(VARSOVIA_36, SONORA_180), unsigned), 401, -155);
    });

    it('answers -155 to a token of this key for another issuer or an unknown client', async () => {
      const otherIssuer = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('someone-else')
        .setAudience(DEMO_CLIENT.id)
        .setSubject(String(idClient))
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(key);
      await expectFailure(
        await courier.quote(trip(VARSOVIA_36, SONORA_180), otherIssuer),
        401,
        -155,
      );
      const otherClient = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('dispatch-quote-courier')
        .setAudience('unknown-client')
        .setSubject(String(idClient))
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(key);
      await expectFailure(
        await courier.quote(trip(VARSOVIA_36, SONORA_180), otherClient),
        401,
        -155,
      );
    });

    it('answers -156 "Token expirado" to a genuine token past its expiry', async () => {
      const now = Math.floor(Date.now() / 1000);
      const expired = await claims()
        .setIssuedAt(now - 3660)
        .setExpirationTime(now - 60)
        .sign(key);
      const body = await expectFailure(
        await courier.quote(trip(VARSOVIA_36, SONORA_180), expired),
        401,
        -156,
      );
      expect(body.message).toBe('Token expirado');
    });

    it('answers a PUT with 405 in either mode: the router refuses it before the service', async () => {
      const response = await fetch(`${server.url}/courier/api/order/validZipCode/json/web`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', token },
        body: JSON.stringify(trip(VARSOVIA_36, SONORA_180)),
      });
      expect(response.status).toBe(405);
    });

    it('checks the token before reading the order', async () => {
      await expectFailure(await courier.quote('not json at all', undefined), 401, -155);
    });
  });

  describe('courier OpenAPI document', () => {
    it('describes both operations, their security and error responses in OpenAPI 3.1', async () => {
      const response = await fetch(`${server.url}/courier/openapi.json`);
      expect(response.status).toBe(200);
      const document = await response.json();
      expect(document.openapi).toBe('3.1.0');
      const login = document.paths['/api/login/loginClient/json/web'].post;
      const quotation = document.paths['/api/order/validZipCode/json/web'].post;
      expect(login.security).toEqual([{ basicClient: [] }]);
      expect(quotation.security).toEqual([{ accessToken: [] }]);
      expect(document.components.securitySchemes.accessToken).toMatchObject({
        type: 'apiKey',
        in: 'header',
        name: 'token',
      });
      expect(document.components.securitySchemes.basicClient).toMatchObject({
        type: 'http',
        scheme: 'basic',
      });
      expect(document.info['x-error-status']).toBe(mode);
      if (mode === 'http') {
        expect(Object.keys(login.responses).sort()).toEqual([
          '200',
          '400',
          '401',
          '413',
          '415',
          '429',
          '503',
        ]);
        expect(Object.keys(quotation.responses).sort()).toEqual([
          '200',
          '400',
          '401',
          '413',
          '415',
          '422',
          '503',
        ]);
      } else {
        // Every failure comes over HTTP 200: one response, the result or an error, every code listed.
        for (const [operation, codes] of [
          [login, [-100, -190, -192, -194, -165, -160]],
          [quotation, [-100, -155, -156, -111, -113, -114, -160]],
        ] as const) {
          expect(Object.keys(operation.responses)).toEqual(['200']);
          const answer = operation.responses['200'].content['application/json'];
          expect(answer.schema.oneOf).toContainEqual({ $ref: '#/components/schemas/Error' });
          for (const code of codes) expect(answer.examples).toHaveProperty(`code${code}`);
        }
        expect(document.info.description).toMatch(/HTTP 200/);
      }
      const address =
        document.components.schemas.QuotationRequest.properties.data.properties.bOrder.properties
          .orderAddresses.items.properties.address;
      expect(address.properties.zipCode.pattern).toBe('^\\d{5}$');
      expect(
        document.components.schemas.QuotationResponse.properties.data.properties,
      ).toHaveProperty('expressCost');
    });
  });
});
