import 'server-only';
import type { Position } from 'geojson';
import type { Coverage } from '@/lib/api/coverage';
import { publishedZones } from '@/lib/courier-service';
import { env } from '@/lib/env';

/** About ten metres: enough for a zone's outline on the map, and a light answer. */
const trim = (position: Position) => [
  Math.round(position[0]! * 1e4) / 1e4,
  Math.round(position[1]! * 1e4) / 1e4,
];

/**
 * The coverage zones to draw on the dispatcher's map: every zone, served or not, with its outline.
 * Only the built-in courier's zones are known; another courier does not publish its coverage, so
 * the map then draws none (and the quote still says when a point is outside).
 */
export async function coverageForMap(): Promise<Coverage> {
  if (!env.courier.isBuiltin) return { type: 'FeatureCollection', features: [] };
  const zones = await publishedZones();
  return {
    type: 'FeatureCollection',
    features: zones.map(({ geometry, ...zone }) => ({
      type: 'Feature',
      id: zone.id,
      properties: zone,
      geometry:
        geometry.type === 'Polygon'
          ? { type: 'Polygon', coordinates: geometry.coordinates.map((ring) => ring.map(trim)) }
          : {
              type: 'MultiPolygon',
              coordinates: geometry.coordinates.map((rings) => rings.map((ring) => ring.map(trim))),
            },
    })),
  };
}
