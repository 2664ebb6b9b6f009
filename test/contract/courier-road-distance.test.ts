import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { quotationResponseSchema } from '@/lib/courier-api/wire';
import type { AppServer } from '../support/app-server';
import { startOsrmStandIn } from '../support/osrm-stand-in';
import type { RouterStandIn } from '../support/router-stand-in';
import {
  courierCalls,
  METRO_COYOACAN,
  SONORA_180,
  startCourierInMode,
  TEST_JWT_SECRET,
  trip,
  VARSOVIA_36,
} from './courier-fixtures';

/**
 * The built-in courier with COURIER_ROUTER_URL: legs measured along an OSRM server's roads (here
 * the stand-in's grid, where the recorded trip is 1.292 km: 1.242 south, 0.050 east), and great
 * circle × road factor whenever that server fails.
 */

let osrm: RouterStandIn;
let server: AppServer;
let courier: ReturnType<typeof courierCalls>;
let token: string;

beforeAll(async () => {
  osrm = await startOsrmStandIn();
  server = await startCourierInMode('legacy', {
    COURIER_JWT_SECRET: TEST_JWT_SECRET,
    COURIER_PRICING_TIME: '2026-11-20T12:00:00-06:00',
    COURIER_ROUTER_URL: osrm.url,
    COURIER_ROUTER_TIMEOUT_MS: '300',
  });
  courier = courierCalls(server.url);
  token = (await (await courier.login()).json()).token.access_token;
});
afterAll(async () => {
  await server.close();
  await osrm.close();
});
beforeEach(() => {
  osrm.behave('normal');
  osrm.requests.length = 0;
});

async function quote(body: unknown) {
  const response = await courier.quote(body, token);
  expect(response.status).toBe(200);
  return quotationResponseSchema.parse(await response.json());
}

/** Each failure test shifts the drop-off a little, so no cached road distance hides the failure. */
let fresh = 0;
const shiftedSonora = () => ({
  ...SONORA_180,
  longitude: String(Number(SONORA_180.longitude) + ++fresh * 0.00002),
});

describe("the built-in courier prices on the router's road distance", () => {
  it('the recorded trip is priced on the 1.29 km of road OSRM found, not 1.24 × 1.27', async () => {
    const { data } = await quote(trip(VARSOVIA_36, SONORA_180));
    expect(data).toMatchObject({ distance: 1.29, price: 35, isBike: true, total: 35 });
    // 20 min pickup wait + 1.29 km at 12 km/h.
    expect(data.eta).toBe(26);
    expect(data.orderAddresses.map((address) => address.distance)).toEqual([0, 1.29]);
  });

  it('asks OSRM for the distances only (no geometry), the stops in riding order', async () => {
    await quote(trip(VARSOVIA_36, SONORA_180, METRO_COYOACAN));
    const [seen] = osrm.requests;
    expect(seen!.path).toBe(
      '/route/v1/driving/-99.167690,19.424520;-99.167210,19.413360;-99.170800,19.361400',
    );
    expect(seen!.params.get('overview')).toBe('false');
  });

  it('each leg is the road km of its own leg, and the trip their sum', async () => {
    const { data } = await quote(trip(VARSOVIA_36, SONORA_180, METRO_COYOACAN));
    const legs = data.orderAddresses.map((address) => address.distance);
    // Sonora 180 → Metro Coyoacán on the grid: 5.773 km south and 0.377 km west.
    expect(legs).toEqual([0, 1.29, 6.15]);
    expect(data.distance).toBe(7.44);
    expect(data).toMatchObject({ isBike: false, price: 68.3 });
  });
});

describe('when the router fails, the courier prices on great circle × road factor', () => {
  it.each([
    ['answers NoRoute', 'no-route'],
    ['answers HTTP 500', 'server-error'],
    ['answers HTTP 429', 'too-many-requests'],
  ] as const)('OSRM %s: the quote comes as without a router', async (_, behaviour) => {
    osrm.behave(behaviour);
    const { data } = await quote(trip(VARSOVIA_36, shiftedSonora()));
    expect(osrm.requests).toHaveLength(1);
    expect(data).toMatchObject({ distance: 1.58, price: 35, eta: 28, isBike: true });
  });

  it('OSRM that never answers is given up (COURIER_ROUTER_TIMEOUT_MS) and the quote comes as without a router', async () => {
    osrm.behave('hang');
    const { data } = await quote(trip(VARSOVIA_36, shiftedSonora()));
    expect(data).toMatchObject({ distance: 1.58, price: 35, eta: 28 });
    // The courier hung up on the router rather than leaving the request open.
    await expect.poll(() => osrm.requests.at(-1)?.abandoned).toBe(true);
  });
});
