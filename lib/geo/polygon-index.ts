import { bbox } from '@turf/bbox';
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import Flatbush from 'flatbush';
import type { MultiPolygon, Polygon } from 'geojson';
import type { LngLat } from './distance';

/** Anything with an area: a GeoJSON polygon feature, or any record holding such a geometry. */
export interface AreaFeature {
  geometry: Polygon | MultiPolygon;
}

export interface PolygonIndex<F extends AreaFeature> {
  readonly size: number;
  /** The features whose area contains the point (a point on an edge or a vertex counts as inside), in input order. */
  containing(point: LngLat): F[];
  /** The features whose bounding box holds the point: what `containing` tests exactly. */
  candidates(point: LngLat): F[];
}

/**
 * A spatial index over polygons: an R-tree (Flatbush) of their bounding boxes narrows a lookup to a
 * few candidates, and only those get the exact point-in-polygon test, so a lookup stays fast with
 * thousands of zones.
 */
export function createPolygonIndex<F extends AreaFeature>(features: readonly F[]): PolygonIndex<F> {
  const tree = features.length > 0 ? new Flatbush(features.length) : undefined;
  for (const feature of features) {
    const [minX, minY, maxX, maxY] = bbox(feature.geometry);
    tree!.add(minX, minY, maxX, maxY);
  }
  tree?.finish();

  const candidates = (point: LngLat): F[] => {
    if (!tree || !Number.isFinite(point[0]) || !Number.isFinite(point[1])) return [];
    return tree
      .search(point[0], point[1], point[0], point[1])
      .sort((a, b) => a - b)
      .map((i) => features[i]!);
  };

  return {
    size: features.length,
    candidates,
    containing: (point) =>
      candidates(point).filter((feature) =>
        booleanPointInPolygon([point[0], point[1]], feature.geometry),
      ),
  };
}
