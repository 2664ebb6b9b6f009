import { describe, expect, it } from 'vitest';
import { startOsrmStandIn } from '../support/osrm-stand-in';
import {
  REFORMA_222,
  routePath,
  routeThrough,
  routingAppBehind,
  SONORA_180,
  straightAnswer,
  VARSOVIA_36,
} from './road-route-fixtures';

/** ROUTER unset (none): straight segments, no router asked, and the route's own allowance. */

// OSRM_URL alone chooses nothing: ROUTER does.
const routing = routingAppBehind(startOsrmStandIn, (url) => ({ OSRM_URL: url }));

describe('with ROUTER=none (the default)', () => {
  it('the route is straight segments between the stops, as the crow flies, and no router is asked', async () => {
    const route = await routeThrough(routing.browser, [VARSOVIA_36, SONORA_180, REFORMA_222]);
    expect(route).toEqual(straightAnswer([VARSOVIA_36, SONORA_180, REFORMA_222]));
    // The recorded trip is 1.2424 km as the crow flies.
    expect(route.legs[0]!.distanceKm).toBe(1.242);
    expect(route.distanceKm).toBe(route.legs[0]!.distanceKm + route.legs[1]!.distanceKm);
    expect(routing.router.requests).toHaveLength(0);
  });

  it('a session gets 60 routes a minute; the 61st is 429 rate_limited with Retry-After', async () => {
    // The test above spent one.
    for (let i = 1; i < 60; i++) {
      expect(
        (await routing.browser.request('GET', routePath([VARSOVIA_36, SONORA_180]))).status,
      ).toBe(200);
    }
    const refused = await routing.browser.request('GET', routePath([VARSOVIA_36, SONORA_180]));
    expect(refused.status).toBe(429);
    expect(refused.json.error.code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
