import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginResponseSchema, quotationResponseSchema } from '@/lib/courier-api/wire';
import type { AppServer } from '../support/app-server';
import {
  courierCalls,
  ERROR_MODES,
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
    expect(data).toMatchObject({ price: 35, extraCharge: 15, discount: 0, total: 50, eta: 28 });
  });
});
