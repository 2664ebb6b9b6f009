import {
  ADDRESS_FIELDS,
  emptyProvenance,
  type Anchor,
  type FieldOrigin,
  type PointProvenance,
} from './address-provenance';

const ORIGINS = new Set<FieldOrigin>(['pin', 'search', 'typed', 'earlier']);

/** Provenance read back from storage, checked field by field; anything odd yields none. */
export function parseProvenance(data: unknown): PointProvenance {
  if (typeof data !== 'object' || data === null) return emptyProvenance();
  const record = data as Record<string, unknown>;
  const origins: PointProvenance['origins'] = {};
  const storedOrigins = record.origins;
  if (typeof storedOrigins === 'object' && storedOrigins !== null) {
    for (const field of ADDRESS_FIELDS) {
      const origin = (storedOrigins as Record<string, unknown>)[field];
      if (ORIGINS.has(origin as FieldOrigin)) origins[field] = origin as FieldOrigin;
    }
  }
  return { origins, anchor: parseAnchor(record.anchor) };
}

function parseAnchor(data: unknown): Anchor | null {
  if (typeof data !== 'object' || data === null) return null;
  const { lat, lng, precision, area } = data as Record<string, unknown>;
  if (typeof lat !== 'number' || typeof lng !== 'number') return null;
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180)
    return null;
  const anchor: Anchor = { lat, lng, precision: precision === 'area' ? 'area' : 'exact' };
  if (typeof area === 'object' && area !== null) {
    const { neighborhood, zipCode } = area as Record<string, unknown>;
    if (typeof neighborhood === 'string' && typeof zipCode === 'string') {
      anchor.area = { neighborhood: neighborhood.slice(0, 200), zipCode: zipCode.slice(0, 20) };
    }
  }
  return anchor;
}
