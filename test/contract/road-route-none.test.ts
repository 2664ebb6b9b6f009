import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServer } from '../support/app-server';
import { startOsrmStandIn } from '../support/osrm-stand-in';
import type { RouterStandIn } from '../support/router-stand-in';
import type { Browser } from './app-fixtures';
import {
  REFORMA_222,
  routePath,
  routeThrough,
  SONORA_180,
  startRoutingApp,
  straightAnswer,
  VARSOVIA_36,
} from './road-route-fixtures';

/** ROUTER unset (none): straight segments, no router asked, and the route's own allowance. */

let osrm: RouterStandIn;
let app: AppServer;
let browser: Browser;

beforeAll(async () => {
  osrm = await startOsrmStandIn();
  // OSRM_URL alone chooses nothing: ROUTER does.
  ({ app, browser } = await startRoutingApp({ OSRM_URL: osrm.url }));
});
afterAll(async () => {
  await app.close();
  await osrm.close();
});

describe('with ROUTER=none (the default)', () => {
  it('the route is straight segments between the stops, as the crow flies, and no router is asked', async () => {
    const route = await routeThrough(browser, [VARSOVIA_36, SONORA_180, REFORMA_222]);
    expect(route).toEqual(straightAnswer([VARSOVIA_36, SONORA_180, REFORMA_222]));
    // The recorded trip is 1.2424 km as the crow flies.
    expect(route.legs[0]!.distanceKm).toBe(1.242);
    expect(route.distanceKm).toBe(route.legs[0]!.distanceKm + route.legs[1]!.distanceKm);
    expect(osrm.requests).toHaveLength(0);
  });

  it('a session gets 60 routes a minute; the 61st is 429 rate_limited with Retry-After', async () => {
    // The test above spent one.
    for (let i = 1; i < 60; i++) {
      expect((await browser.request('GET', routePath([VARSOVIA_36, SONORA_180]))).status).toBe(200);
    }
    const refused = await browser.request('GET', routePath([VARSOVIA_36, SONORA_180]));
    expect(refused.status).toBe(429);
    expect(refused.json.error.code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
