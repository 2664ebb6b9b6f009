import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Position } from 'geojson';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LngLat } from '../geo/distance';
import type { ZoneDirectory, ZonesFile } from './zone-directory';

const shippedText = readFileSync(join(import.meta.dirname, '../../data/zones.geojson'), 'utf8');

// The file's schema is built when the module loads. Loaded afresh for each test, that building
// counts as the test's own, so mutation testing (stryker.config.mjs, `ignoreStatic`) runs these
// tests against a changed rule; loaded once for the file, it would not.
let zonesFileSchema: (typeof import('./zone-directory'))['zonesFileSchema'];
let shipped: ZonesFile;
let zones: ZoneDirectory;
beforeEach(async () => {
  vi.resetModules();
  const directory = await import('./zone-directory');
  zonesFileSchema = directory.zonesFileSchema;
  shipped = zonesFileSchema.parse(JSON.parse(shippedText));
  zones = directory.createZoneDirectory(shipped);
});
const names = (point: LngLat) => zones.zonesAt(point).map((zone) => zone.properties.name);
const outerRing = (name: string) => {
  const zone = shipped.features.find((f) => f.properties.name === name)!;
  if (zone.geometry.type !== 'Polygon') throw new Error('expected a polygon');
  return zone.geometry.coordinates[0]!;
};

function segmentsCross(a: Position, b: Position, c: Position, d: Position): boolean {
  const side = (p: Position, q: Position, r: Position) =>
    Math.sign((q[0]! - p[0]!) * (r[1]! - p[1]!) - (q[1]! - p[1]!) * (r[0]! - p[0]!));
  return side(a, b, c) * side(a, b, d) < 0 && side(c, d, a) * side(c, d, b) < 0;
}

describe('shipped coverage zones', () => {
  it('ships Mexico City and Guadalajara active and Monterrey inactive, with their tariffs', () => {
    const summary = shipped.features.map(({ properties: p }) => [p.idZone, p.name, p.active]);
    expect(summary).toEqual([
      [1, 'cdmx', true],
      [2, 'gdl', true],
      [3, 'mty', false],
    ]);
    expect(shipped.features[0]!.properties.description).toBe('CDMX|MÉX.|MOR.|HGO.');
    for (const { properties } of shipped.features) {
      expect(properties.tariff).toEqual({
        currency: 'MXN',
        baseFare: 35,
        baseKm: 3,
        perKm: 7.5,
        // cdmx's factor is calibrated so that the recorded trip reads 1.58 km, as recorded.
        roadFactor: properties.name === 'cdmx' ? 1.27 : 1.3,
        bikeMaxKm: 4,
        pickupWaitMin: 20,
        bikeKmh: 12,
        motorbikeKmh: 25,
        messengerShare: 0.8,
        nightSurcharge: { fromHour: 22, toHour: 6, amount: 15 },
      });
    }
  });

  it('draws each metro outline with dozens of vertices, counter-clockwise and never crossing itself', () => {
    for (const name of ['cdmx', 'gdl', 'mty']) {
      const ring = outerRing(name);
      expect(ring.length - 1, name).toBeGreaterThanOrEqual(24);
      let twiceArea = 0;
      for (let i = 0; i < ring.length - 1; i++) {
        twiceArea += ring[i]![0]! * ring[i + 1]![1]! - ring[i + 1]![0]! * ring[i]![1]!;
      }
      expect(twiceArea, `${name} winds counter-clockwise`).toBeGreaterThan(0);
      for (let i = 0; i < ring.length - 1; i++) {
        for (let j = i + 2; j < ring.length - 1; j++) {
          if (i === 0 && j === ring.length - 2) continue;
          expect(
            segmentsCross(ring[i]!, ring[i + 1]!, ring[j]!, ring[j + 1]!),
            `${name} ${i}×${j}`,
          ).toBe(false);
        }
      }
    }
  });

  it('covers the recorded trip and landmarks of each metro area', () => {
    expect(names([-99.1676911, 19.4245207])).toEqual(['cdmx']); // Varsovia 36, Juárez
    expect(names([-99.1672142, 19.4133562])).toEqual(['cdmx']); // Sonora 180, Hipódromo
    expect(names([-99.1708, 19.3614])).toEqual(['cdmx']); // Metro Coyoacán
    expect(names([-99.0721, 19.4361])).toEqual(['cdmx']); // the airport
    expect(names([-99.2341, 19.4731])).toEqual(['cdmx']); // Naucalpan
    expect(names([-98.9857, 19.2586])).toEqual(['cdmx']); // Chalco
    expect(names([-103.3475, 20.6767])).toEqual(['gdl']); // Guadalajara's cathedral
    expect(names([-103.3918, 20.7214])).toEqual(['gdl']); // Zapopan
    expect(names([-103.3103, 20.6401])).toEqual(['gdl']); // Tlaquepaque
    expect(names([-100.3094, 25.6714])).toEqual(['mty']); // Monterrey's Macroplaza
  });

  it('leaves other cities uncovered', () => {
    expect(names([-98.2063, 19.0414])).toEqual([]); // Puebla
    expect(names([-99.6557, 19.2826])).toEqual([]); // Toluca
    expect(names([-100.3899, 20.5888])).toEqual([]); // Querétaro
    expect(names([-99.2216, 18.9242])).toEqual([]); // Cuernavaca
  });

  it('offers an active zone for a Mexico City pickup and none for a Monterrey one', () => {
    expect(zones.activeZoneAt([-99.1676911, 19.4245207])?.properties.idZone).toBe(1);
    expect(zones.activeZoneAt([-100.3094, 25.6714])).toBeUndefined();
    expect(zones.zonesAt([-100.3094, 25.6714])[0]?.properties.active).toBe(false);
  });

  it('decides points a metre either side of the outline, and on a vertex, as a map would', () => {
    const cdmx = zones.zones[0]!;
    const ring = outerRing('cdmx');
    for (let i = 0; i < ring.length - 1; i += 5) {
      const [a, b] = [ring[i]!, ring[i + 1]!];
      const middle: LngLat = [(a[0]! + b[0]!) / 2, (a[1]! + b[1]!) / 2];
      const length = Math.hypot(b[0]! - a[0]!, b[1]! - a[1]!);
      // Left of the edge is inside a counter-clockwise ring; 1e-5° is about a metre.
      const [nx, ny] = [(-(b[1]! - a[1]!) / length) * 1e-5, ((b[0]! - a[0]!) / length) * 1e-5];
      expect(zones.covers(cdmx, [middle[0] + nx, middle[1] + ny]), `inside edge ${i}`).toBe(true);
      expect(zones.covers(cdmx, [middle[0] - nx, middle[1] - ny]), `outside edge ${i}`).toBe(false);
      expect(zones.covers(cdmx, [a[0]!, a[1]!]), `vertex ${i}`).toBe(true);
    }
  });
});

describe('zones file validation', () => {
  const withFirst = (patch: (file: ZonesFile) => void) => {
    const copy = JSON.parse(shippedText) as ZonesFile;
    patch(copy);
    return zonesFileSchema.safeParse(copy).success;
  };

  it('refuses open rings, duplicate zone ids, impossible coordinates and broken tariffs', () => {
    expect(withFirst(() => {})).toBe(true);
    expect(
      withFirst((f) => {
        const ring = (f.features[0]!.geometry.coordinates as Position[][])[0]!;
        ring.pop();
      }),
    ).toBe(false);
    expect(withFirst((f) => (f.features[1]!.properties.idZone = 1))).toBe(false);
    expect(
      withFirst((f) => ((f.features[0]!.geometry.coordinates as Position[][])[0]![3] = [-99, 95])),
    ).toBe(false);
    expect(withFirst((f) => (f.features[0]!.properties.tariff.roadFactor = 0.5))).toBe(false);
    expect(withFirst((f) => (f.features[0]!.properties.tariff.messengerShare = 1.5))).toBe(false);
    expect(withFirst((f) => (f.features[0]!.properties.timeZone = 'Mars/Olympus'))).toBe(false);
  });
});

describe('zones file rules, as the operator reads them', () => {
  /** The refusal of the shipped file with one change, as `path: message` lines. */
  const refusal = (patch: (file: ZonesFile) => void) => {
    const copy = JSON.parse(shippedText) as ZonesFile;
    patch(copy);
    const parsed = zonesFileSchema.safeParse(copy);
    return parsed.success
      ? []
      : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };
  const first = (file: ZonesFile) => file.features[0]!;
  const ringOf = (file: ZonesFile) => (first(file).geometry.coordinates as Position[][])[0]!;
  const tariff = (file: ZonesFile) => first(file).properties.tariff;
  const at = 'features.0.properties';

  it('names a ring of 3 positions, an open ring and a repeated zone id', () => {
    expect(
      refusal((f) => {
        const ring = ringOf(f);
        ring.splice(2, ring.length - 3);
      }),
    ).toEqual(['features.0.geometry.coordinates.0: a ring needs at least 4 positions']);
    expect(refusal((f) => ringOf(f).pop())).toEqual([
      'features.0.geometry.coordinates.0: a ring must end where it starts',
    ]);
    expect(
      refusal((f) => {
        const ring = ringOf(f);
        ring[ring.length - 1] = [ring[0]![0]!, ring[0]![1]! + 0.1];
      }),
    ).toEqual(['features.0.geometry.coordinates.0: a ring must end where it starts']);
    expect(
      refusal((f) => {
        const ring = ringOf(f);
        ring[ring.length - 1] = [ring[0]![0]! + 0.1, ring[0]![1]!];
      }),
    ).toEqual(['features.0.geometry.coordinates.0: a ring must end where it starts']);
    expect(refusal((f) => (f.features[1]!.properties.idZone = 1))).toEqual([
      'features: every idZone must appear once',
    ]);
    expect(refusal((f) => (first(f).properties.timeZone = 'Mars/Olympus'))).toEqual([
      `${at}.timeZone: expected an IANA time zone`,
    ]);
    expect(
      refusal((f) => {
        const night = tariff(f).nightSurcharge!;
        night.toHour = night.fromHour;
      }),
    ).toEqual([`${at}.tariff.nightSurcharge: night hours must not be empty`]);
  });

  it('takes every value at the edge of its range', () => {
    expect(
      refusal((f) => {
        Object.assign(tariff(f), { roadFactor: 1, messengerShare: 0, baseFare: 0, perKm: 0 });
        Object.assign(tariff(f).nightSurcharge!, { fromHour: 0, toHour: 23 });
        first(f).properties.name = 'n'.repeat(40);
        first(f).properties.description = 'd'.repeat(200);
        first(f).properties.areaName = { 'es-MX': 'a'.repeat(120), en: 'a' };
        ringOf(f)[1] = [-180, -90];
        first(f).id = 'cdmx';
        f.features[1]!.id = 2;
      }),
    ).toEqual([]);
    expect(
      refusal((f) => {
        Object.assign(tariff(f), { roadFactor: 3, messengerShare: 1 });
        ringOf(f)[1] = [180, 90];
      }),
    ).toEqual([]);
  });

  it('refuses every value just past its range, naming the field', () => {
    const refusedAt = (patch: (file: ZonesFile) => void) =>
      refusal(patch).map((l) => l.split(':')[0]);
    expect(refusedAt((f) => (ringOf(f)[1] = [-180.001, 19]))).toEqual([
      'features.0.geometry.coordinates.0.1.0',
    ]);
    expect(refusedAt((f) => (ringOf(f)[1] = [-99, 90.001]))).toEqual([
      'features.0.geometry.coordinates.0.1.1',
    ]);
    expect(refusedAt((f) => (ringOf(f)[1] = [-99, -90.001]))).toEqual([
      'features.0.geometry.coordinates.0.1.1',
    ]);
    expect(refusedAt((f) => (ringOf(f)[1] = [180.001, 19]))).toEqual([
      'features.0.geometry.coordinates.0.1.0',
    ]);
    for (const [field, value] of [
      ['currency', 'mxn'],
      ['currency', 'MXNX'],
      ['currency', 'XMXN'],
      ['currency', 'MX'],
      ['roadFactor', 0.99],
      ['roadFactor', 3.01],
      ['messengerShare', -0.01],
      ['messengerShare', 1.01],
    ] as const) {
      expect(
        refusedAt((f) => Object.assign(tariff(f), { [field]: value })),
        `${field} ${value}`,
      ).toEqual([`${at}.tariff.${field}`]);
    }
    for (const [hour, value] of [
      ['fromHour', -1],
      ['toHour', 24],
    ] as const) {
      expect(
        refusedAt((f) => Object.assign(tariff(f).nightSurcharge!, { [hour]: value })),
        `${hour} ${value}`,
      ).toEqual([`${at}.tariff.nightSurcharge.${hour}`]);
    }
    expect(refusedAt((f) => (first(f).properties.name = ' '))).toEqual([`${at}.name`]);
    expect(refusedAt((f) => (first(f).properties.name = 'n'.repeat(41)))).toEqual([`${at}.name`]);
    expect(refusedAt((f) => (first(f).properties.description = 'd'.repeat(201)))).toEqual([
      `${at}.description`,
    ]);
    expect(
      refusedAt((f) => (first(f).properties.areaName = { 'es-MX': ' ', en: 'a'.repeat(121) })),
    ).toEqual([`${at}.areaName.es-MX`, `${at}.areaName.en`]);
    expect(refusedAt((f) => (first(f).properties.areaName = { 'es-MX': 'a', en: ' ' }))).toEqual([
      `${at}.areaName.en`,
    ]);
  });

  it('reads a multi-polygon zone and refuses one with no polygon', () => {
    const asMulti = (f: ZonesFile) => {
      const geometry = first(f).geometry;
      if (geometry.type !== 'Polygon') throw new Error('expected a polygon');
      first(f).geometry = { type: 'MultiPolygon', coordinates: [geometry.coordinates] };
    };
    expect(refusal(asMulti)).toEqual([]);
    const withHole = (f: ZonesFile) => {
      asMulti(f);
      const [polygon] = first(f).geometry.coordinates as Position[][][];
      polygon!.push(polygon![0]!);
    };
    expect(refusal(withHole)).toEqual([]);
    expect(
      refusal((f) => {
        asMulti(f);
        (first(f).geometry.coordinates as Position[][][]).length = 0;
      }).map((line) => line.split(':')[0]),
    ).toEqual(['features.0.geometry.coordinates']);
    expect(
      refusal((f) => ((first(f).geometry.coordinates as Position[][]).length = 0)).map(
        (line) => line.split(':')[0],
      ),
    ).toEqual(['features.0.geometry.coordinates']);
  });
});
