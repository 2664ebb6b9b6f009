import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServer } from '../support/app-server';
import {
  courierCalls,
  ERROR_MODES,
  SONORA_180,
  startCourierInMode,
  trip,
  VARSOVIA_36,
  type ErrorMode,
} from './courier-fixtures';

describe.each(ERROR_MODES)('courier service switched off, %s error mode', (mode: ErrorMode) => {
  let server: AppServer;

  beforeAll(async () => {
    server = await startCourierInMode(mode, {
      COURIER_SERVICE: 'off',
      COURIER_BASE_URL: 'http://127.0.0.1:9/courier',
      COURIER_CLIENT_ID: 'someone',
      COURIER_CLIENT_SECRET: 'something',
    });
  });
  afterAll(() => server.close());

  it('answers 404 on every /courier route when another courier is configured', async () => {
    const courier = courierCalls(server.url);
    expect((await courier.login()).status).toBe(404);
    expect((await courier.quote(trip(VARSOVIA_36, SONORA_180), 'x')).status).toBe(404);
    expect((await fetch(`${server.url}/courier/openapi.json`)).status).toBe(404);
  });
});
