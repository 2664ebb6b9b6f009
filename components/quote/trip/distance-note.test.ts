import { describe, expect, it } from 'vitest';
import type { TripRoute } from '@/lib/api/road-route';
import { distanceNote } from './distance-note';

const road = (distanceKm: number) => ({
  kind: 'road' as const,
  route: { source: 'osrm', distanceKm, durationMinutes: 5, legs: [] } satisfies TripRoute,
});

describe("the note beside the courier's km", () => {
  it('without a router the km is marked approximate', () => {
    expect(distanceNote(1.58, { roadRoutes: false, view: null })).toEqual({ kind: 'approximate' });
  });

  it("the road route's km shows only when it differs from the courier's by more than 15 %", () => {
    const note = (routeKm: number) => distanceNote(2, { roadRoutes: true, view: road(routeKm) });
    expect(note(2.3)).toBeNull();
    expect(note(1.7)).toBeNull();
    expect(note(2.31)).toEqual({ kind: 'road', km: 2.31 });
    expect(note(1.69)).toEqual({ kind: 'road', km: 1.69 });
  });

  it('a router that gave no route makes the km approximate; a route on its way says nothing yet', () => {
    const straight = (reason: 'loading' | 'no_route' | 'router_timeout') => ({
      roadRoutes: true,
      view: { kind: 'straight' as const, reason },
    });
    expect(distanceNote(1.58, straight('no_route'))).toEqual({ kind: 'approximate' });
    expect(distanceNote(1.58, straight('router_timeout'))).toEqual({ kind: 'approximate' });
    expect(distanceNote(1.58, straight('loading'))).toBeNull();
  });

  it('not "approximate" when the result already gives the km\'s margin; a road route\'s km still shows', () => {
    const noRouter = { roadRoutes: false, view: null };
    expect(distanceNote(1.58, noRouter, 2)).toBeNull();
    expect(
      distanceNote(1.58, { roadRoutes: true, view: { kind: 'straight', reason: 'no_route' } }, 1),
    ).toBeNull();
    expect(distanceNote(2, { roadRoutes: true, view: road(2.5) }, 1)).toEqual({
      kind: 'road',
      km: 2.5,
    });
    expect(distanceNote(1.58, noRouter, 0)).toEqual({ kind: 'approximate' });
  });

  it('a stale result (no route for its stops) says nothing', () => {
    expect(distanceNote(1.58, { roadRoutes: true, view: null })).toBeNull();
  });
});
