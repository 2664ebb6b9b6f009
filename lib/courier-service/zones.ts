import 'server-only';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { z } from 'zod';
import { env } from '../env';
import { processSingleton } from '../process-singleton';
import { createZoneDirectory, zonesFileSchema, type ZoneDirectory } from './zone-directory';

export const DEFAULT_ZONES_FILE = join(process.cwd(), 'data', 'zones.geojson');

const directories = processSingleton(
  'courier-service:zones',
  () => new Map<string, Promise<ZoneDirectory>>(),
);

async function readZonesFile(file: string): Promise<ZoneDirectory> {
  const parsed = zonesFileSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
  if (!parsed.success) {
    throw new Error(`zones file ${file} is invalid: ${z.prettifyError(parsed.error)}`);
  }
  return createZoneDirectory(parsed.data);
}

/**
 * The coverage zones of COURIER_ZONES_FILE (default data/zones.geojson), read and validated once
 * per process. A missing or broken file rejects — the quotation answers -160 — and is read again
 * on the next call, so fixing the file heals the service without a restart.
 */
export function loadZones(file: string = env.courierService.zonesFile ?? DEFAULT_ZONES_FILE) {
  let directory = directories.get(file);
  if (!directory) {
    directory = readZonesFile(file);
    directories.set(file, directory);
    directory.catch(() => directories.delete(file));
  }
  return directory;
}

export interface CoverageProperties {
  id: number;
  name: string;
  description: string;
  areaName?: { 'es-MX': string; en: string };
  active: boolean;
}

/**
 * Every zone, active or not, as a light GeoJSON FeatureCollection for the dispatcher's map:
 * id, name, description, whether it is served, and its outline (coordinates to ~10 m).
 */
export async function coverageForMap(): Promise<
  FeatureCollection<Polygon | MultiPolygon, CoverageProperties>
> {
  const { zones } = await loadZones();
  const trim = (position: readonly number[]) => [
    Math.round(position[0]! * 1e4) / 1e4,
    Math.round(position[1]! * 1e4) / 1e4,
  ];
  return {
    type: 'FeatureCollection',
    features: zones.map(({ properties, geometry }) => ({
      type: 'Feature',
      id: properties.idZone,
      properties: {
        id: properties.idZone,
        name: properties.name,
        description: properties.description,
        ...(properties.areaName && { areaName: properties.areaName }),
        active: properties.active,
      },
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
