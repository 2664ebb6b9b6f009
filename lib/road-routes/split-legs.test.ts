import { describe, expect, it } from 'vitest';
import { splitAtWaypoints } from './split-legs';

const p = (lat: number, lng: number) => ({ lat, lng });

describe("cutting OSRM's whole route into legs at its waypoints", () => {
  it('each leg runs from its stop to the next, and the next starts where it ended', () => {
    const path = [p(0, 0), p(0, 0.001), p(0, 0.002), p(0.001, 0.002), p(0.002, 0.002)];
    const legs = splitAtWaypoints(path, [p(0, 0), p(0, 0.002), p(0.002, 0.002)]);
    expect(legs).toEqual([
      [p(0, 0), p(0, 0.001), p(0, 0.002)],
      [p(0, 0.002), p(0.001, 0.002), p(0.002, 0.002)],
    ]);
  });

  it('a route that comes back past a stop later is cut where it first reaches the stop', () => {
    // A → B → C: the road from B loops north and comes back through B's spot on its way to C.
    // B's snapped location lies 0.2 m from the first vertex (rounding), exactly on the later one.
    const path = [p(0, 0), p(0, 0.002000002), p(0.001, 0.002), p(0, 0.002), p(0, 0.003)];
    const legs = splitAtWaypoints(path, [p(0, 0), p(0, 0.002), p(0, 0.003)]);
    expect(legs[0]).toEqual([p(0, 0), p(0, 0.002000002)]);
    expect(legs[1]).toHaveLength(4);
  });

  it('a waypoint off the path is matched to the nearest vertex after the previous cut', () => {
    const path = [p(0, 0), p(0, 0.001), p(0, 0.002), p(0, 0.003)];
    const legs = splitAtWaypoints(path, [p(0, 0), p(0.0001, 0.00195), p(0, 0.003)]);
    expect(legs.map((leg) => leg.length)).toEqual([3, 2]);
  });

  it('two stops at the same place make a leg of one point', () => {
    const path = [p(0, 0), p(0, 0.001)];
    const legs = splitAtWaypoints(path, [p(0, 0), p(0, 0), p(0, 0.001)]);
    expect(legs).toEqual([[p(0, 0)], [p(0, 0), p(0, 0.001)]]);
  });
});
