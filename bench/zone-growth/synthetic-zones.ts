import type { ZoneFeature, ZonesFile } from '@/lib/courier-service/zone-directory';

/** A box [west, south, east, north] in degrees. */
type Box = [number, number, number, number];

/** Mainland Mexico, roughly: the synthetic zones tile it like a national coverage map would. */
const COUNTRY: Box = [-117, 15, -87, 32];
const VERTICES = 24;

function outerBox(zone: ZoneFeature): Box {
  const rings =
    zone.geometry.type === 'Polygon'
      ? [zone.geometry.coordinates[0]!]
      : zone.geometry.coordinates.map((polygon) => polygon[0]!);
  const box: Box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const ring of rings)
    for (const [lng, lat] of ring as [number, number][]) {
      box[0] = Math.min(box[0], lng);
      box[1] = Math.min(box[1], lat);
      box[2] = Math.max(box[2], lng);
      box[3] = Math.max(box[3], lat);
    }
  return box;
}

const overlaps = (a: Box, b: Box) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

/** A closed, counter-clockwise 24-gon inscribed in the cell: a zone outline with some detail. */
function ringIn([west, south, east, north]: Box): [number, number][] {
  const [cx, cy] = [(west + east) / 2, (south + north) / 2];
  const [rx, ry] = [((east - west) / 2) * 0.95, ((north - south) / 2) * 0.95];
  const ring: [number, number][] = [];
  for (let i = 0; i < VERTICES; i++) {
    const angle = (2 * Math.PI * i) / VERTICES;
    ring.push([cx + rx * Math.cos(angle), cy + ry * Math.sin(angle)]);
  }
  ring.push(ring[0]!);
  return ring;
}

/**
 * `count` zones: the shipped Mexico City zone (so the recorded trip is covered as in production)
 * and count − 1 synthetic zones on a grid over the rest of the country, none overlapping it, each
 * with Mexico City's tariff. The trip's lookup therefore meets a denser index as count grows.
 */
export function syntheticZones(shipped: ZonesFile, count: number): ZonesFile {
  const home = shipped.features.find((zone) => zone.properties.name === 'cdmx')!;
  const homeBox = outerBox(home);
  const features: ZoneFeature[] = [home];
  for (let side = Math.ceil(Math.sqrt(count)); features.length < count; side++) {
    features.length = 1;
    const [width, height] = [(COUNTRY[2] - COUNTRY[0]) / side, (COUNTRY[3] - COUNTRY[1]) / side];
    for (let row = 0; row < side && features.length < count; row++) {
      for (let column = 0; column < side && features.length < count; column++) {
        const west = COUNTRY[0] + column * width;
        const south = COUNTRY[1] + row * height;
        const cell: Box = [west, south, west + width, south + height];
        if (overlaps(cell, homeBox)) continue;
        features.push({
          type: 'Feature',
          properties: {
            ...home.properties,
            idZone: 1_000 + features.length,
            name: `z${features.length}`,
            description: 'synthetic',
          },
          geometry: { type: 'Polygon', coordinates: [ringIn(cell)] },
        });
      }
    }
  }
  return { type: 'FeatureCollection', features };
}
