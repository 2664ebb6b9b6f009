import { describe, expect, it, vi } from 'vitest';
import type { log as rootLog } from '@/lib/log';
import { RouterError } from './errors';
import { encodePolyline6 } from './polyline6';
import { estimatedVehicle, straightRoute, TripRouter } from './trip-router';
import type { Router } from './types';

const VARSOVIA_36 = { lat: 19.4245207, lng: -99.1676911 };
const SONORA_180 = { lat: 19.4133562, lng: -99.1672142 };
const COYOACAN = { lat: 19.3496, lng: -99.1617 };

const quietLog = () => ({ warn: vi.fn(), error: vi.fn() });

function routerThat(route: Router['route']): Router & { calls: number } {
  const router = {
    provider: 'osrm' as const,
    calls: 0,
    route: (...args: Parameters<Router['route']>) => {
      router.calls++;
      return route(...args);
    },
  };
  return router;
}

describe('the trip router', () => {
  it('without a router, the stops are joined by straight segments, as the crow flies', async () => {
    const route = await new TripRouter(null).route([VARSOVIA_36, SONORA_180]);
    expect(route).toEqual({
      source: 'straight',
      distanceKm: 1.242,
      durationMinutes: null,
      legs: [{ distanceKm: 1.242, durationMinutes: null, shape: null }],
    });
  });

  it('routes the stops rounded to 5 decimals, asking for the geometry and the estimated vehicle', async () => {
    const router = routerThat(async () => ({
      provider: 'osrm',
      legs: [{ distanceKm: 1.6004, durationMinutes: 6.66, shape: encodePolyline6([SONORA_180]) }],
    }));
    const route = await new TripRouter(router).route([VARSOVIA_36, SONORA_180]);
    expect(route).toMatchObject({ source: 'osrm', distanceKm: 1.6, durationMinutes: 6.7 });
    const spy = vi.spyOn(router, 'route');
    await new TripRouter(router).route([VARSOVIA_36, COYOACAN]);
    expect(spy).toHaveBeenCalledWith(
      [
        { lat: 19.42452, lng: -99.16769 },
        { lat: 19.3496, lng: -99.1617 },
      ],
      { geometry: true, vehicle: 'motorbike' },
    );
  });

  it('a router that fails is answered with straight segments and the reason, and logged', async () => {
    const log = quietLog();
    const failing = (failure: RouterError['failure']) =>
      new TripRouter(
        routerThat(async () => {
          throw new RouterError('osrm', failure, `osrm ${failure}`, { status: 400, code: 'X' });
        }),
      );
    const stops = [VARSOVIA_36, SONORA_180];
    const options = { log: log as unknown as typeof rootLog };
    expect((await failing('no_route').route(stops, options)).fallback).toBe('no_route');
    expect((await failing('timeout').route(stops, options)).fallback).toBe('router_timeout');
    expect((await failing('busy').route(stops, options)).fallback).toBe('router_busy');
    expect((await failing('http').route(stops, options)).fallback).toBe('router_unavailable');
    expect(log.warn).toHaveBeenCalledTimes(4);
    // A request the router refused as malformed is this app's fault: an error in the log.
    expect((await failing('rejected').route(stops, options)).fallback).toBe('router_unavailable');
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ router: 'osrm', failure: 'rejected', status: 400, code: 'X' }),
      'router refused the request',
    );
  });

  it('anything but a router failure is not hidden behind straight lines', async () => {
    const broken = new TripRouter(
      routerThat(async () => {
        throw new TypeError('a bug');
      }),
    );
    await expect(broken.route([VARSOVIA_36, SONORA_180])).rejects.toThrow('a bug');
  });

  it('concurrent asks for the same route share one router call', async () => {
    const router = routerThat(async () => ({
      provider: 'osrm',
      legs: [{ distanceKm: 1, durationMinutes: 1, shape: '' }],
    }));
    const trips = new TripRouter(router);
    await Promise.all([1, 2, 3].map(() => trips.route([VARSOVIA_36, SONORA_180])));
    expect(router.calls).toBe(1);
    expect(trips.cachedRoutes).toBe(1);
  });
});

describe('the vehicle a router is asked to route for', () => {
  it('a bicycle up to 4 km by road (great circle × 1.3), else a motorbike', () => {
    expect(estimatedVehicle([VARSOVIA_36, SONORA_180])).toBe('bicycle');
    expect(estimatedVehicle([VARSOVIA_36, COYOACAN])).toBe('motorbike');
    // 3.07 km as the crow flies × 1.3 = 3.99 km
    expect(
      estimatedVehicle([
        { lat: 0, lng: 0 },
        { lat: 0.02763, lng: 0 },
      ]),
    ).toBe('bicycle');
    expect(
      estimatedVehicle([
        { lat: 0, lng: 0 },
        { lat: 0.02775, lng: 0 },
      ]),
    ).toBe('motorbike');
  });

  it('straight segments add up their legs', () => {
    const route = straightRoute([VARSOVIA_36, SONORA_180, VARSOVIA_36], 'no_route');
    expect(route.distanceKm).toBe(2.484);
    expect(route.fallback).toBe('no_route');
  });
});
