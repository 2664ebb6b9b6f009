import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginResponseSchema, quotationResponseSchema } from '@/lib/courier-api/wire';
import type { AppServer } from '../support/app-server';
import {
  courierCalls,
  DURANGO_200,
  ERROR_MODES,
  HAVRE_30,
  SONORA_180,
  startCourierInMode,
  TEST_JWT_SECRET,
  trip,
  VARSOVIA_36,
  type ErrorMode,
} from './courier-fixtures';

describe.each(ERROR_MODES)('courier pricing at night, %s error mode', (mode: ErrorMode) => {
  let server: AppServer;

  beforeAll(async () => {
    server = await startCourierInMode(mode, {
      COURIER_JWT_SECRET: TEST_JWT_SECRET,
      // 23:30 in Mexico City: inside the cdmx tariff's night window.
      COURIER_PRICING_TIME: '2026-11-20T23:30:00-06:00',
    });
  });
  afterAll(() => server.close());

  it('the recorded trip ordered at night carries the night surcharge of its zone', async () => {
    const courier = courierCalls(server.url);
    const { token } = loginResponseSchema.parse(await (await courier.login()).json());
    const response = await courier.quote(trip(VARSOVIA_36, SONORA_180), token.access_token);
    const { data } = quotationResponseSchema.parse(await response.json());
    expect(data).toMatchObject({
      distance: 1.58,
      eta: 28,
      price: 35,
      extraCharge: 15,
      discount: 0,
      total: 50,
      // Shares of the price alone: 35 × 0.8 and 35 − 28; the surcharge is in the total only.
      messengerFee: 28,
      expressCost: 7,
    });
  });

  it('a trip of three drop-offs at night: 40.40 + 15.00, the legs and shares as by day', async () => {
    const courier = courierCalls(server.url);
    const { token } = loginResponseSchema.parse(await (await courier.login()).json());
    const response = await courier.quote(
      trip(VARSOVIA_36, SONORA_180, DURANGO_200, HAVRE_30),
      token.access_token,
    );
    const { data } = quotationResponseSchema.parse(await response.json());
    // The figures of courier-quotation.test.ts (3.72 km, 40.40) with 15.00 on the total.
    expect(data).toMatchObject({
      distance: 3.72,
      eta: 39,
      price: 40.4,
      extraCharge: 15,
      total: 55.4,
      messengerFee: 32.32,
      expressCost: 8.08,
    });
    expect(data.orderAddresses.map((a) => a.price)).toEqual([0, 17.16, 12.92, 10.32]);
  });
});
