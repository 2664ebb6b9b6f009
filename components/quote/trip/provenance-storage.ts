import type { SearchResultKind } from '@/lib/api/geocode';
import {
  ADDRESS_FIELDS,
  emptyProvenance,
  type Anchor,
  type FieldOrigin,
  type PointProvenance,
} from './address-provenance';

const ORIGINS = new Set<FieldOrigin>(['pin', 'search', 'typed', 'earlier']);
// Spelt out rather than read from the contract's enum, which would bring the geocode contracts
// into the page; the type fails the build when the contract gains a kind this list lacks.
const KINDS: Readonly<Record<SearchResultKind, true>> = {
  address: true,
  street: true,
  colonia: true,
  zip: true,
  place: true,
};

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
  const { lat, lng, precision, area, kind } = data as Record<string, unknown>;
  if (typeof lat !== 'number' || typeof lng !== 'number') return null;
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180)
    return null;
  const anchor: Anchor = { lat, lng, precision: precision === 'area' ? 'area' : 'exact' };
  if (anchor.precision === 'area' && typeof kind === 'string' && Object.hasOwn(KINDS, kind)) {
    anchor.kind = kind as SearchResultKind;
  }
  if (typeof area === 'object' && area !== null) {
    const { neighborhood, zipCode } = area as Record<string, unknown>;
    if (typeof neighborhood === 'string' && typeof zipCode === 'string') {
      anchor.area = { neighborhood: neighborhood.slice(0, 200), zipCode: zipCode.slice(0, 20) };
    }
  }
  return anchor;
}
