// Not server-only: outlines and names only, nothing of a tariff; the screen imports its types only.
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { z } from 'zod';
import { LOCALES } from '@/lib/i18n/config';
import { defineContract } from './contract';
import { ENDPOINTS } from './endpoints';

/** A coverage zone as GET /api/coverage describes it: served or not, and what it is called. */
export const coverageZoneSchema = z.strictObject({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  /** The served area as a dispatcher names it ("Guadalajara (área metropolitana)"). */
  areaName: z.record(z.enum(LOCALES), z.string()).optional(),
  active: z.boolean(),
});
export type CoverageZone = z.infer<typeof coverageZoneSchema>;

/** The map's zones, a GeoJSON FeatureCollection (the map library reads it as it is). */
export type Coverage = FeatureCollection<Polygon | MultiPolygon, CoverageZone>;

const position = z.array(z.number()).min(2);
const ring = z.array(position);

export const coverageSchema: z.ZodType<Coverage> = z.strictObject({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.strictObject({
      type: z.literal('Feature'),
      id: z.number().optional(),
      geometry: z.discriminatedUnion('type', [
        z.strictObject({ type: z.literal('Polygon'), coordinates: z.array(ring) }),
        z.strictObject({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(ring)) }),
      ]),
      properties: coverageZoneSchema,
    }),
  ),
});

/**
 * GET /api/coverage: the zones to draw on the map, outlines to about 10 m. Empty when the courier
 * does not publish its coverage (any courier but the built-in one).
 */
export const coverageContract = defineContract({
  ...ENDPOINTS.coverage,
  summary: 'The coverage zones to draw on the map (none when the courier does not publish them)',
  signedIn: false,
  answer: coverageSchema,
  errors: [],
});
