import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import polyline from '@mapbox/polyline';
import type { RouteAnswer, RouteFallback, TripRoute } from '@/lib/api/road-route';
import { resetProcessSingletons } from '@/lib/process-singleton';
import { startAppServer, type AppServer } from '../support/app-server';
import type { RouterBehaviour, RouterStandIn } from '../support/router-stand-in';
import { Browser, TEST_SESSION_SECRET } from './app-fixtures';

/** Helpers of the contract tests of GET /api/road-route (lib/road-routes). */

export interface Stop {
  lat: number;
  lng: number;
}

/** The recorded trip's stops, and a third one north of the pickup (Mexico City, ~1–2 km apart). */
export const VARSOVIA_36: Stop = { lat: 19.4245207, lng: -99.1676911 };
export const SONORA_180: Stop = { lat: 19.4133562, lng: -99.1672142 };
export const REFORMA_222: Stop = { lat: 19.4298, lng: -99.1622 };
/** Havre 30, Juárez: with the recorded trip, a 3-stop trip a bicycle still rides (~3.5 km by road). */
export const HAVRE_30: Stop = { lat: 19.4262, lng: -99.1637 };
/** About 8 km south of the pickup: a motorbike's trip. */
export const COYOACAN: Stop = { lat: 19.3496, lng: -99.1617 };

export const routePath = (stops: readonly Stop[]) =>
  `/api/road-route?${stops.map((s) => `at=${s.lat},${s.lng}`).join('&')}`;

/** A leg's path, decoded from the polyline6 the app sends. */
export const pathOf = (shape: string | null): Stop[] =>
  polyline.decode(shape ?? '', 6).map(([lat, lng]) => ({ lat, lng }));

/** Rounded as the app rounds stops before routing them (5 decimals). */
export const near = (a: Stop, b: Stop, degrees = 2e-5) =>
  Math.abs(a.lat - b.lat) <= degrees && Math.abs(a.lng - b.lng) <= degrees;

export async function startRoutingApp(
  env: Record<string, string | undefined>,
): Promise<{ app: AppServer; browser: Browser }> {
  resetProcessSingletons();
  const app = await startAppServer({
    COURIER_BASE_URL: '{origin}/courier',
    COURIER_SERVICE: 'on',
    COURIER_CLIENT_ID: 'demo-client',
    COURIER_CLIENT_SECRET: 'demo-secret',
    COURIER_JWT_SECRET: 'route-contract-tests-signing-key-0123456789',
    COURIER_ACCOUNTS_FILE: undefined,
    COURIER_CLIENTS: undefined,
    COURIER_ROUTER_URL: undefined,
    SESSION_SECRET: TEST_SESSION_SECRET,
    ROUTER: undefined,
    OSRM_URL: undefined,
    VALHALLA_URL: undefined,
    ROUTER_TIMEOUT_MS: undefined,
    ...env,
  });
  const browser = new Browser(app.origin, { 'x-forwarded-for': '198.18.7.1' });
  expect((await browser.signIn()).status).toBe(200);
  return { app, browser };
}

export interface RoutingSetUp {
  router: RouterStandIn;
  app: AppServer;
  /** Signed in. */
  browser: Browser;
}

/**
 * For one test file: a router stand-in and the app in front of it (`env(router.url)` says how the
 * app reaches it), started before the file's tests and closed after them.
 */
export function routingAppBehind(
  startRouter: () => Promise<RouterStandIn>,
  env: (routerUrl: string) => Record<string, string | undefined>,
): RoutingSetUp {
  const setUp = {} as RoutingSetUp;
  beforeAll(async () => {
    setUp.router = await startRouter();
    Object.assign(setUp, await startRoutingApp(env(setUp.router.url)));
  });
  afterAll(async () => {
    await setUp.app.close();
    await setUp.router.close();
  });
  // Each test starts with a router that behaves and has seen nothing.
  beforeEach(() => {
    setUp.router.behave('normal');
    setUp.router.requests.length = 0;
  });
  return setUp;
}

let freshTrips = 0;
/** Stops never routed before in this file, so that no cached route hides a router's failure. */
export const freshTrip = (): Stop[] => {
  const shift = ++freshTrips * 0.001;
  return [
    { lat: VARSOVIA_36.lat + shift, lng: VARSOVIA_36.lng },
    { lat: SONORA_180.lat, lng: SONORA_180.lng + shift },
  ];
};

export async function routeThrough(browser: Browser, stops: readonly Stop[]): Promise<TripRoute> {
  const answer = await browser.request('GET', routePath(stops));
  expect(answer.status, answer.text).toBe(200);
  return (answer.json as RouteAnswer).route;
}

/** Straight segments between the stops, as the crow flies, with the reason when there is one. */
export const straightAnswer = (stops: readonly Stop[], fallback?: string) => ({
  source: 'straight',
  distanceKm: expect.any(Number),
  durationMinutes: null,
  legs: stops.slice(1).map(() => ({
    distanceKm: expect.any(Number),
    durationMinutes: null,
    shape: null,
  })),
  ...(fallback && { fallback }),
});

/**
 * The tests of a router that gives no route, the same for every router: for each way it fails
 * (`cases`: how, in the router's own words; the fallback the answer names; the stand-in's
 * behaviour), the straight segments stand in, saying why, and nothing of the router leaks; and a
 * router that never answers is given up after ROUTER_TIMEOUT_MS, its request abandoned.
 */
export function itFallsBackToStraightSegments(
  routing: RoutingSetUp,
  routerName: string,
  cases: ReadonlyArray<readonly [how: string, fallback: RouteFallback, behaviour: RouterBehaviour]>,
) {
  it.each(cases)(`${routerName} %s → %s`, async (_, fallback, behaviour) => {
    routing.router.behave(behaviour);
    const stops = freshTrip();
    const answer = await routing.browser.request('GET', routePath(stops));
    expect(answer.status).toBe(200);
    expect(answer.json.route).toEqual(straightAnswer(stops, fallback));
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.text).not.toContain(routing.router.url);
  });

  it(`${routerName} that never answers is given up after ROUTER_TIMEOUT_MS, never a hang`, async () => {
    routing.router.behave('hang');
    expect((await routeThrough(routing.browser, freshTrip())).fallback).toBe('router_timeout');
    // The app hung up on the router rather than leaving the request open.
    await expect.poll(() => routing.router.requests.at(-1)?.abandoned).toBe(true);
  });
}
