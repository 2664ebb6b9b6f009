import { describe, expect, it } from 'vitest';
import { startOsrmStandIn } from '../support/osrm-stand-in';
import { errorEnvelope } from './app-fixtures';
import {
  COYOACAN,
  freshTrip,
  itFallsBackToStraightSegments,
  near,
  pathOf,
  REFORMA_222,
  routePath,
  routeThrough,
  routingAppBehind,
  SONORA_180,
  VARSOVIA_36,
} from './road-route-fixtures';

/** ROUTER=osrm over real HTTP: the road route through the stops, and straight lines when OSRM fails. */

const routing = routingAppBehind(startOsrmStandIn, (url) => ({
  ROUTER: 'osrm',
  OSRM_URL: url,
  ROUTER_TIMEOUT_MS: '400',
}));

describe('the road route from OSRM', () => {
  it('asks OSRM route service for the stops in order, with the full geometry as polyline6', async () => {
    await routeThrough(routing.browser, [VARSOVIA_36, SONORA_180]);
    expect(routing.router.requests).toHaveLength(1);
    const [seen] = routing.router.requests;
    // Longitude first, as OSRM reads coordinates; rounded to 5 decimals (about 1 m).
    expect(seen!.path).toBe('/route/v1/driving/-99.167690,19.424520;-99.167210,19.413360');
    expect(seen!.params.get('overview')).toBe('full');
    expect(seen!.params.get('geometries')).toBe('polyline6');
  });

  it("the line follows OSRM's geometry along the roads, with its distance and time", async () => {
    const route = await routeThrough(routing.browser, [VARSOVIA_36, SONORA_180]);
    expect(route.source).toBe('osrm');
    expect(route.fallback).toBeUndefined();
    expect(route.legs).toHaveLength(1);
    const path = pathOf(route.legs[0]!.shape);
    // The stand-in's roads turn once, south first, then east: the corner is on the line.
    expect(path.length).toBeGreaterThan(10);
    expect(near(path[0]!, VARSOVIA_36)).toBe(true);
    expect(near(path.at(-1)!, SONORA_180)).toBe(true);
    expect(path.some((p) => near(p, { lat: SONORA_180.lat, lng: VARSOVIA_36.lng }))).toBe(true);
    // 1.242 km south + 0.050 km east by the stand-in's grid, at 4 m/s.
    expect(route.distanceKm).toBeCloseTo(1.292, 2);
    expect(route.legs[0]!.distanceKm).toBe(route.distanceKm);
    expect(route.durationMinutes).toBeCloseTo((route.distanceKm * 1000) / 4 / 60, 1);
  });

  it('with several drop-offs, each leg has its own path, cut where the rider reaches the stop', async () => {
    const stops = [VARSOVIA_36, SONORA_180, REFORMA_222];
    const route = await routeThrough(routing.browser, stops);
    expect(route.legs).toHaveLength(2);
    const [first, second] = route.legs.map((leg) => pathOf(leg.shape));
    expect(near(first![0]!, VARSOVIA_36)).toBe(true);
    expect(near(first!.at(-1)!, SONORA_180)).toBe(true);
    expect(near(second![0]!, SONORA_180)).toBe(true);
    expect(near(second!.at(-1)!, REFORMA_222)).toBe(true);
    expect(route.distanceKm).toBe(
      Math.round((route.legs[0]!.distanceKm + route.legs[1]!.distanceKm) * 1000) / 1000,
    );
    // The first leg's path does not run on to C.
    expect(first!.every((p) => p.lat <= VARSOVIA_36.lat + 1e-6)).toBe(true);
  });

  it('a route asked again, or for stops moved less than a metre, is answered from the cache', async () => {
    const stops = [VARSOVIA_36, COYOACAN];
    const first = await routeThrough(routing.browser, stops);
    const again = await routeThrough(routing.browser, [
      { lat: VARSOVIA_36.lat + 0.000001, lng: VARSOVIA_36.lng },
      COYOACAN,
    ]);
    expect(again).toEqual(first);
    expect(routing.router.requests).toHaveLength(1);
  });
});

describe('when OSRM gives no route, the straight segments stand in, saying why', () => {
  itFallsBackToStraightSegments(routing, 'OSRM', [
    ['answers NoRoute (HTTP 400)', 'no_route', 'no-route'],
    ['refuses the query as InvalidQuery (HTTP 400)', 'router_unavailable', 'invalid-query'],
    ['is rate limited (HTTP 429)', 'router_busy', 'too-many-requests'],
    ['fails (HTTP 500)', 'router_unavailable', 'server-error'],
    ['sends a body that is not JSON', 'router_unavailable', 'garbage'],
  ]);

  it('a failure is not remembered: the next ask goes to OSRM again', async () => {
    const stops = freshTrip();
    routing.router.behave('no-route');
    expect((await routeThrough(routing.browser, stops)).source).toBe('straight');
    routing.router.behave('normal');
    expect((await routeThrough(routing.browser, stops)).source).toBe('osrm');
    expect(routing.router.requests).toHaveLength(2);
  });
});

describe('GET /api/road-route checks what it is asked', () => {
  it.each([
    ['one stop', 'at=19.42,-99.16', 'at'],
    ['no stop', '', 'at'],
    ['eleven stops', Array.from({ length: 11 }, (_, i) => `at=19.4${i},-99.16`).join('&'), 'at'],
    ['a stop that is not latitude,longitude', 'at=19.42,-99.16&at=Sonora%20180', 'at.1'],
    ['a latitude off the globe', 'at=91,-99.16&at=19.41,-99.16', 'at.0'],
  ])('%s → 400 invalid_request naming the parameter', async (_, query, field) => {
    const answer = await routing.browser.request('GET', `/api/road-route?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.json.error.code).toBe('invalid_request');
    expect(Object.keys(answer.json.error.fields)).toContain(field);
    expect(routing.router.requests).toHaveLength(0);
  });

  it('only for signed-in dispatchers', async () => {
    const response = await fetch(`${routing.app.origin}${routePath([VARSOVIA_36, SONORA_180])}`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(errorEnvelope('unauthenticated'));
  });
});
