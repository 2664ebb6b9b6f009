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

/** A closed, counter-clockwise box ring. */
function boxRing([west, south, east, north]: Box): [number, number][] {
  return [
    [west, south],
    [east, south],
    [east, north],
    [west, north],
    [west, south],
  ];
}

/** The box `degrees` wider than `box` on every side. */
const grown = ([west, south, east, north]: Box, degrees: number): Box => [
  west - degrees,
  south - degrees,
  east + degrees,
  north + degrees,
];

/**
 * The zones every lookup of the trip has to choose between, as on a real coverage map where a
 * metro tariff sits inside a state-wide one and a suburb's ring surrounds a city: all of them hold
 * the trip in their bounding box, so the index hands each one to the exact test.
 * - before the shipped zone in file order, an inactive zone covering it (a tariff being retired):
 *   it contains the trip, and the directory must pass over it for being inactive;
 * - three rings around the city, holes cut where the city is: their boxes hold the trip, their
 *   polygons do not;
 * - after it, two larger active zones containing it (state-wide tariffs): they contain the trip,
 *   and the first active zone in file order (Mexico City's) must still be chosen.
 */
function zonesAroundTheTrip(home: ZoneFeature, homeBox: Box) {
  const zone = (idZone: number, name: string, active: boolean, coordinates: [number, number][][]) =>
    ({
      type: 'Feature',
      properties: {
        ...home.properties,
        idZone,
        name,
        description: 'synthetic, overlapping',
        active,
      },
      geometry: { type: 'Polygon', coordinates },
    }) satisfies ZoneFeature as ZoneFeature;
  const before = [zone(900, 'retired-metro', false, [ringIn(grown(homeBox, 0.3))])];
  const after = [
    ...[0.4, 0.8, 1.2].map((width, i) =>
      zone(910 + i, `ring-${i + 1}`, true, [
        boxRing(grown(homeBox, 0.05 + width)),
        // A hole, wound the other way round, where the city and its nearer rings are.
        boxRing(grown(homeBox, 0.02 + (i === 0 ? 0 : [0.4, 0.8][i - 1]!))).reverse(),
      ]),
    ),
    zone(920, 'state-wide', true, [ringIn(grown(homeBox, 2))]),
    zone(921, 'region-wide', true, [ringIn(grown(homeBox, 4))]),
  ];
  return { before, after };
}

/**
 * `count` zones: the shipped Mexico City zone (so the recorded trip is covered as in production),
 * six synthetic zones overlapping it (zonesAroundTheTrip: the trip's lookup always meets several
 * candidates, and must pick the right one), and the rest on a grid over the rest of the country,
 * none overlapping those, each with Mexico City's tariff. The trip's lookup therefore meets a
 * denser index as count grows, with the same few candidates to choose between.
 */
export function syntheticZones(shipped: ZonesFile, count: number): ZonesFile {
  const home = shipped.features.find((zone) => zone.properties.name === 'cdmx')!;
  const homeBox = outerBox(home);
  const around = zonesAroundTheTrip(home, homeBox);
  const fixed = [...around.before, home, ...around.after];
  const aroundBox = grown(homeBox, 4.1);
  const features: ZoneFeature[] = [...fixed];
  for (let side = Math.ceil(Math.sqrt(count)); features.length < count; side++) {
    features.length = fixed.length;
    const [width, height] = [(COUNTRY[2] - COUNTRY[0]) / side, (COUNTRY[3] - COUNTRY[1]) / side];
    for (let row = 0; row < side && features.length < count; row++) {
      for (let column = 0; column < side && features.length < count; column++) {
        const west = COUNTRY[0] + column * width;
        const south = COUNTRY[1] + row * height;
        const cell: Box = [west, south, west + width, south + height];
        if (overlaps(cell, aroundBox)) continue;
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
