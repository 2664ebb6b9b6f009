// Not server-only: pure courier logic with no secret and no I/O, which bench/zone-growth loads
// through Vite (where 'server-only' throws); test/hardening/server-only-modules.test.ts keeps it
// out of the browser's graph.
import { z } from 'zod';
import type { LngLat } from '../geo/distance';
import { createPolygonIndex } from '../geo/polygon-index';

const position = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)], z.number());
const linearRing = z
  .array(position)
  .min(4, 'a ring needs at least 4 positions')
  .refine((ring) => {
    const [first, last] = [ring[0]!, ring[ring.length - 1]!];
    return first[0] === last[0] && first[1] === last[1];
  }, 'a ring must end where it starts');
const polygon = z.object({ type: z.literal('Polygon'), coordinates: z.array(linearRing).min(1) });
const multiPolygon = z.object({
  type: z.literal('MultiPolygon'),
  coordinates: z.array(z.array(linearRing).min(1)).min(1),
});

const hour = z.number().int().min(0).max(23);

/** A zone's prices and speeds: everything the price model needs, kept in the zones file. */
export const tariffSchema = z.object({
  currency: z.string().regex(/^[A-Z]{3}$/),
  /** Covers the first `baseKm`. */
  baseFare: z.number().nonnegative(),
  baseKm: z.number().nonnegative(),
  /** Per km beyond `baseKm`. */
  perKm: z.number().nonnegative(),
  /** Road km per great-circle km. */
  roadFactor: z.number().min(1).max(3),
  /** The longest trip served by bicycle. */
  bikeMaxKm: z.number().nonnegative(),
  /** Minutes until the pickup. */
  pickupWaitMin: z.number().nonnegative(),
  bikeKmh: z.number().positive(),
  motorbikeKmh: z.number().positive(),
  /** The messenger's part of the price. */
  messengerShare: z.number().min(0).max(1),
  /** Added from `fromHour` to `toHour` (local time), wrapping past midnight. */
  nightSurcharge: z
    .object({ fromHour: hour, toHour: hour, amount: z.number().nonnegative() })
    .refine((night) => night.fromHour !== night.toHour, 'night hours must not be empty')
    .optional(),
});
export type Tariff = z.infer<typeof tariffSchema>;

const zonePropertiesSchema = z.object({
  idZone: z.number().int().positive(),
  name: z.string().trim().min(1).max(40),
  description: z.string().max(200),
  /** The served area as a dispatcher names it, per language ("Ciudad de México y zona metropolitana"). */
  areaName: z
    .object({ 'es-MX': z.string().trim().min(1).max(120), en: z.string().trim().min(1).max(120) })
    .optional(),
  active: z.boolean(),
  timeZone: z
    .string()
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'expected an IANA time zone')
    .optional(),
  tariff: tariffSchema,
});

const zoneFeatureSchema = z.object({
  type: z.literal('Feature'),
  id: z.union([z.string(), z.number()]).optional(),
  properties: zonePropertiesSchema,
  geometry: z.discriminatedUnion('type', [polygon, multiPolygon]),
});
export type ZoneFeature = z.infer<typeof zoneFeatureSchema>;

export const zonesFileSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z
    .array(zoneFeatureSchema)
    .refine(
      (features) => new Set(features.map((f) => f.properties.idZone)).size === features.length,
      'every idZone must appear once',
    ),
});
export type ZonesFile = z.infer<typeof zonesFileSchema>;

export interface ZoneDirectory {
  readonly zones: readonly ZoneFeature[];
  /** The zones containing the point, active or not, in file order. */
  zonesAt(point: LngLat): ZoneFeature[];
  /** The active zone a pickup at this point belongs to: the first in file order, if any. */
  activeZoneAt(point: LngLat): ZoneFeature | undefined;
  covers(zone: ZoneFeature, point: LngLat): boolean;
}

export function createZoneDirectory(file: ZonesFile): ZoneDirectory {
  const index = createPolygonIndex(file.features);
  const zonesAt = (point: LngLat) => index.containing(point);
  return {
    zones: file.features,
    zonesAt,
    activeZoneAt: (point) => zonesAt(point).find((zone) => zone.properties.active),
    covers: (zone, point) => zonesAt(point).includes(zone),
  };
}
