import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import fc from 'fast-check';
import type { Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import type { LngLat } from './distance';
import { createPolygonIndex } from './polygon-index';

interface Area {
  id: number;
  geometry: Polygon;
}

const area = (id: number, ring: number[][]): Area => ({
  id,
  geometry: { type: 'Polygon', coordinates: [[...ring, ring[0]!]] },
});

/** A "C" open to the east: its notch lies inside its bounding box but outside the zone. */
const C_SHAPE = area(1, [
  [0, 0],
  [3, 0],
  [3, 1],
  [1, 1],
  [1, 2],
  [3, 2],
  [3, 3],
  [0, 3],
]);

/** A star-shaped polygon around a centre: concave, never self-crossing. */
function star(id: number, [cx, cy]: LngLat, radii: number[]): Area {
  const ring = radii.map((r, i) => {
    const angle = (2 * Math.PI * i) / radii.length;
    return [cx + r * Math.cos(angle), cy + r * Math.sin(angle)];
  });
  return area(id, ring);
}

describe('polygon index: edges', () => {
  const index = createPolygonIndex([C_SHAPE]);
  const ids = (point: LngLat) => index.containing(point).map((a) => a.id);

  it('finds a point just inside an edge', () => {
    expect(ids([1.5, 0.000001])).toEqual([1]);
    expect(ids([0.000001, 1.5])).toEqual([1]);
  });

  it('does not find a point just outside an edge', () => {
    expect(ids([1.5, -0.000001])).toEqual([]);
    expect(ids([-0.000001, 1.5])).toEqual([]);
  });

  it('counts a point on an edge or a vertex as inside', () => {
    expect(ids([1.5, 0])).toEqual([1]);
    expect(ids([3, 3])).toEqual([1]);
    expect(ids([1, 1])).toEqual([1]);
  });

  it('rejects a point in the notch, although its bounding box holds it', () => {
    expect(index.candidates([2, 1.5]).map((a) => a.id)).toEqual([1]);
    expect(ids([2, 1.5])).toEqual([]);
  });

  it('finds nothing in an empty index or for a point that is not a number', () => {
    expect(createPolygonIndex<Area>([]).containing([0, 0])).toEqual([]);
    expect(ids([Number.NaN, 1])).toEqual([]);
  });
});

describe('polygon index: agrees with a brute-force scan', () => {
  const coordinate = (max: number) => fc.double({ min: -max, max, noNaN: true });
  const starArb = fc.record({
    centre: fc.tuple(coordinate(5), coordinate(5)),
    radii: fc.array(fc.double({ min: 0.05, max: 2, noNaN: true }), {
      minLength: 3,
      maxLength: 24,
    }),
  });

  it('returns the same zones as testing every polygon, for random zones and points', () => {
    fc.assert(
      fc.property(
        fc.array(starArb, { minLength: 1, maxLength: 40 }),
        fc.array(fc.tuple(coordinate(8), coordinate(8)), { minLength: 1, maxLength: 50 }),
        (stars, points) => {
          const areas = stars.map((s, i) => star(i, s.centre as LngLat, s.radii));
          const index = createPolygonIndex(areas);
          for (const point of points) {
            const expected = areas
              .filter((a) => booleanPointInPolygon(point, a.geometry))
              .map((a) => a.id);
            expect(index.containing(point as LngLat).map((a) => a.id)).toEqual(expected);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('polygon index: 10,000 zones', () => {
  // A 100 × 100 grid of cells 0.01° wide over Mexico City, each drawn with 8 vertices.
  const SIDE = 100;
  const CELL = 0.01;
  const [west, south] = [-99.6, 19.0];
  const cells = Array.from({ length: SIDE * SIDE }, (_, id) => {
    const [x, y] = [west + (id % SIDE) * CELL, south + Math.floor(id / SIDE) * CELL];
    const h = CELL / 2;
    return area(id, [
      [x, y],
      [x + h, y],
      [x + CELL, y],
      [x + CELL, y + h],
      [x + CELL, y + CELL],
      [x + h, y + CELL],
      [x, y + CELL],
      [x, y + h],
    ]);
  });
  const index = createPolygonIndex(cells);

  it('finds the one cell holding each of a thousand random points', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: SIDE * SIDE - 1 }),
        fc.double({ min: 0.05, max: 0.95, noNaN: true }),
        fc.double({ min: 0.05, max: 0.95, noNaN: true }),
        (id, fx, fy) => {
          const point: LngLat = [
            west + ((id % SIDE) + fx) * CELL,
            south + (Math.floor(id / SIDE) + fy) * CELL,
          ];
          expect(index.containing(point).map((a) => a.id)).toEqual([id]);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('tests a handful of candidates per lookup, not all 10,000', () => {
    expect(index.size).toBe(10_000);
    // A shared corner of four cells is the worst case: four bounding boxes touch it.
    const corner: LngLat = [west + 50 * CELL, south + 50 * CELL];
    expect(index.candidates(corner).length).toBeLessThanOrEqual(4);
    expect(index.candidates([west + 10.5 * CELL, south + 20.5 * CELL])).toHaveLength(1);
    expect(index.containing([west - 1, south])).toEqual([]);
  });
});
