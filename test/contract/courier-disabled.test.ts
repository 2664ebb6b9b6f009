import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from '../support/app-server';
import { courierCalls, SONORA_180, trip, VARSOVIA_36 } from './courier-fixtures';

let server: AppServer;

beforeAll(async () => {
  server = await startAppServer({
    COURIER_SERVICE: 'off',
    COURIER_BASE_URL: 'http://127.0.0.1:9/courier',
    COURIER_CLIENT_ID: 'someone',
    COURIER_CLIENT_SECRET: 'something',
  });
});
afterAll(() => server.close());

describe('courier service switched off', () => {
  it('answers 404 on every /courier route when another courier is configured', async () => {
    const courier = courierCalls(server.url);
    expect((await courier.login()).status).toBe(404);
    expect((await courier.quote(trip(VARSOVIA_36, SONORA_180), 'x')).status).toBe(404);
    expect((await fetch(`${server.url}/courier/openapi.json`)).status).toBe(404);
  });
});
