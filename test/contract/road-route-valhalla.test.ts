import { describe, expect, it } from 'vitest';
import { startValhallaStandIn } from '../support/valhalla-stand-in';
import {
  COYOACAN,
  itFallsBackToStraightSegments,
  near,
  pathOf,
  HAVRE_30,
  routeThrough,
  routingAppBehind,
  SONORA_180,
  VARSOVIA_36,
} from './road-route-fixtures';

/** ROUTER=valhalla over real HTTP: the road route per leg, and straight lines when Valhalla fails. */

const routing = routingAppBehind(startValhallaStandIn, (url) => ({
  ROUTER: 'valhalla',
  VALHALLA_URL: url,
  ROUTER_TIMEOUT_MS: '400',
}));

describe('the road route from Valhalla', () => {
  it("POSTs the stops to /route as break locations, the bicycle's costing for a short trip, in kilometres", async () => {
    await routeThrough(routing.browser, [VARSOVIA_36, SONORA_180, HAVRE_30]);
    expect(routing.router.requests).toHaveLength(1);
    const [seen] = routing.router.requests;
    expect(seen!.method).toBe('POST');
    expect(seen!.path).toBe('/route');
    expect(seen!.headers['content-type']).toBe('application/json');
    expect(seen!.body).toEqual({
      locations: [
        { lat: 19.42452, lon: -99.16769, type: 'break' },
        { lat: 19.41336, lon: -99.16721, type: 'break' },
        { lat: 19.4262, lon: -99.1637, type: 'break' },
      ],
      costing: 'bicycle',
      units: 'kilometers',
      directions_type: 'none',
    });
  });

  it("a trip longer than a bicycle's (over 4 km by road, estimated) is routed for a motorcycle", async () => {
    await routeThrough(routing.browser, [VARSOVIA_36, COYOACAN]);
    expect(routing.router.requests[0]!.body).toMatchObject({ costing: 'motorcycle' });
  });

  it("each leg follows Valhalla's shape, with its length and time", async () => {
    const route = await routeThrough(routing.browser, [VARSOVIA_36, SONORA_180, HAVRE_30]);
    expect(route.source).toBe('valhalla');
    expect(route.legs).toHaveLength(2);
    const [first, second] = route.legs.map((leg) => pathOf(leg.shape));
    expect(near(first![0]!, VARSOVIA_36)).toBe(true);
    expect(first!.some((p) => near(p, { lat: SONORA_180.lat, lng: VARSOVIA_36.lng }))).toBe(true);
    expect(near(first!.at(-1)!, SONORA_180)).toBe(true);
    expect(near(second!.at(-1)!, HAVRE_30)).toBe(true);
    expect(route.legs[0]!.distanceKm).toBeCloseTo(1.292, 2);
    expect(route.legs[0]!.durationMinutes).toBeCloseTo(1292 / 4 / 60, 1);
    expect(route.distanceKm).toBe(
      Math.round((route.legs[0]!.distanceKm + route.legs[1]!.distanceKm) * 1000) / 1000,
    );
  });
});

describe('when Valhalla gives no route, the straight segments stand in, saying why', () => {
  itFallsBackToStraightSegments(routing, 'Valhalla', [
    ['answers 442 "No path could be found for input" (HTTP 400)', 'no_route', 'no-route'],
    [
      'refuses the request, 100 "Failed to parse json request" (HTTP 400)',
      'router_unavailable',
      'invalid-query',
    ],
    ['is rate limited (HTTP 429)', 'router_busy', 'too-many-requests'],
    ['fails, 201 "Failed to parse TripPath" (HTTP 500)', 'router_unavailable', 'server-error'],
    ['sends a body that is not JSON', 'router_unavailable', 'garbage'],
  ]);
});
