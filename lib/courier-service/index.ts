import 'server-only';
import type { MultiPolygon, Polygon } from 'geojson';
import { loadZones } from './zones';

/**
 * The courier service's public face inside this app. The dispatch app talks to any courier over
 * HTTP (lib/courier-client); what it may ask the built-in one directly is here, and only what the
 * service publishes: its zones' names and outlines, never their tariffs.
 */

export interface PublishedZone {
  id: number;
  name: string;
  description: string;
  areaName?: { 'es-MX': string; en: string };
  active: boolean;
  geometry: Polygon | MultiPolygon;
}

/** Every coverage zone, served or not, in the zones file's order. */
export async function publishedZones(): Promise<PublishedZone[]> {
  const { zones } = await loadZones();
  return zones.map(({ properties, geometry }) => ({
    id: properties.idZone,
    name: properties.name,
    description: properties.description,
    ...(properties.areaName && { areaName: properties.areaName }),
    active: properties.active,
    geometry,
  }));
}
