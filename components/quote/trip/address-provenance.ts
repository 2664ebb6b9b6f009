import type { AddressField, FoundAddress, SearchResult } from '@/lib/api/geocode';
import type { LatLng, PointDraft } from './draft';
import { isOtherArea, isSamePlace, type Anchor } from './same-place-rule';

/**
 * Where each address field of a point came from, so that the fields never describe a place the pin
 * has left. The rule, in full:
 *
 * - Every filled field has an origin: `pin` (the geocoder, for the pin where it is), `search` (a
 *   search result the dispatcher picked), `typed` (the dispatcher's own text, or what they
 *   confirmed), or `earlier` (left over from a position the pin has since left).
 * - A point's address has an anchor: the pin position its street and numbers were set for. A pin
 *   placed by a search that found only a colonia, zip code or street sits at that area's centre: its
 *   anchor is an `area` anchor, not an `exact` one.
 * - When the pin moves, its fields follow the **same place** rule: within NUDGE_METRES of an exact
 *   anchor, or AREA_METRES of an area anchor, it is the same door (a nudge onto the right building);
 *   farther, every filled field becomes `earlier`. And when the geocoder names another colonia or
 *   zip code than it named at the anchor, the pin has crossed into another block: the dispatcher's
 *   fields become `earlier` too, even after a nudge.
 * - The geocoder's answer for the pin's position fills what it knows over empty, `pin` and
 *   `earlier` fields; it never overwrites what the dispatcher typed or picked for this place.
 * - `earlier` fields are shown as "from the previous point — check it" and block "Cotizar" until the
 *   dispatcher corrects them (typing makes a field `typed`), keeps them, or clears them.
 *
 * Pure functions over plain data: the screen keeps the result beside the form's values and saves it
 * with the draft.
 */

export type { AddressField, Anchor };
export type FieldOrigin = 'pin' | 'search' | 'typed' | 'earlier';

export const ADDRESS_FIELDS: readonly AddressField[] = [
  'street',
  'exteriorNumber',
  'interiorNumber',
  'neighborhood',
  'zipCode',
];

export interface PointProvenance {
  origins: Partial<Record<AddressField, FieldOrigin>>;
  anchor: Anchor | null;
}

/** Where each stop's fields came from, by stop key (see trip-stops.ts). */
export type DraftProvenance = Record<string, PointProvenance>;

export type AddressText = Pick<PointDraft, AddressField>;

/** What an operation did to a point: its new fields (only those that changed) and provenance. */
export interface ProvenanceStep {
  fields: Partial<AddressText>;
  provenance: PointProvenance;
}

export const emptyProvenance = (): PointProvenance => ({ origins: {}, anchor: null });

const filled = (point: AddressText, field: AddressField) => point[field].trim() !== '';

function markEarlier(point: AddressText): PointProvenance['origins'] {
  const origins: PointProvenance['origins'] = {};
  for (const field of ADDRESS_FIELDS) if (filled(point, field)) origins[field] = 'earlier';
  return origins;
}

/**
 * The pin was placed or moved to `to` (a tap, a drag, typed coordinates, "my location"). A nudge
 * keeps everything; a move to another place marks every filled field `earlier`.
 */
export function pinMoved(
  point: AddressText,
  provenance: PointProvenance,
  to: LatLng,
): ProvenanceStep & { far: boolean } {
  const { anchor } = provenance;
  if (anchor && isSamePlace(anchor, to)) return { fields: {}, provenance, far: false };
  const exact: Anchor = { lat: to.lat, lng: to.lng, precision: 'exact' };
  if (!anchor) {
    // The first pin: whatever was typed before it describes this place.
    return { fields: {}, provenance: { ...provenance, anchor: exact }, far: false };
  }
  return {
    fields: {},
    provenance: { origins: markEarlier(point), anchor: exact },
    far: true,
  };
}

/**
 * The geocoder's address for the pin at `at` (the caller checks the pin is still there). Returns
 * the fields it filled, for the screen to name.
 */
export function reverseAnswered(
  point: AddressText,
  provenance: PointProvenance,
  at: LatLng,
  found: FoundAddress,
): ProvenanceStep & { filled: AddressField[] } {
  let anchor = provenance.anchor;
  const area = { neighborhood: found.neighborhood, zipCode: found.zipCode };
  let origins =
    anchor && isOtherArea(anchor.area, area) ? markEarlier(point) : { ...provenance.origins };
  // The first answer at the anchor itself tells which area the address was set in.
  if (anchor && !anchor.area && anchor.lat === at.lat && anchor.lng === at.lng) {
    anchor = { ...anchor, area };
  }
  const fields: Partial<AddressText> = {};
  const filledNow: AddressField[] = [];
  for (const field of ADDRESS_FIELDS) {
    const value = found[field]?.trim() ?? '';
    if (!value) continue;
    const origin = origins[field];
    if ((origin === 'typed' || origin === 'search') && filled(point, field)) continue;
    if (point[field] !== value) fields[field] = value;
    origins[field] = 'pin';
    filledNow.push(field);
  }
  // A new street from the geocoder carries the number it gave, or none: a number found or left at
  // another spot is never shown beside it.
  const numberOrigin = origins.exteriorNumber;
  if (
    fields.street !== undefined &&
    !found.exteriorNumber &&
    (numberOrigin === 'earlier' || numberOrigin === 'pin')
  ) {
    fields.exteriorNumber = '';
    delete origins.exteriorNumber;
  }
  origins = prune(origins, { ...point, ...fields });
  return { fields, provenance: { origins, anchor }, filled: filledNow };
}

/**
 * The dispatcher picked a search result: the pin goes to it, its fields fill the form (those that
 * came from the dispatcher's own text count as typed), and what the result lacks is cleared when it
 * was left from another place.
 */
export function searchPicked(
  point: AddressText,
  provenance: PointProvenance,
  result: SearchResult,
): ProvenanceStep {
  const moved = pinMoved(point, provenance, result);
  const origins = { ...moved.provenance.origins };
  const fields: Partial<AddressText> = {};
  for (const field of ADDRESS_FIELDS) {
    const value = result[field]?.trim() ?? '';
    if (value) {
      if (point[field] !== value) fields[field] = value;
      origins[field] = result.fromText.includes(field) ? 'typed' : 'search';
    } else if (origins[field] === 'earlier') {
      fields[field] = '';
      delete origins[field];
    }
  }
  const area = { neighborhood: result.neighborhood, zipCode: result.zipCode };
  const anchor: Anchor =
    result.kind === 'address'
      ? { lat: result.lat, lng: result.lng, precision: 'exact', area }
      : { lat: result.lat, lng: result.lng, precision: 'area', area, kind: result.kind };
  return { fields, provenance: { origins: prune(origins, { ...point, ...fields }), anchor } };
}

/** The dispatcher took the street and numbers of their search text as typed; the pin stays. */
export function typedStreetUsed(
  point: AddressText,
  provenance: PointProvenance,
  typed: Pick<AddressText, 'street' | 'exteriorNumber' | 'interiorNumber'>,
): ProvenanceStep {
  const origins = { ...provenance.origins };
  const fields: Partial<AddressText> = {};
  for (const field of ['street', 'exteriorNumber', 'interiorNumber'] as const) {
    const value = typed[field].trim();
    if (!value && origins[field] !== 'earlier') continue;
    if (point[field] !== value) fields[field] = value;
    origins[field] = 'typed';
  }
  return {
    fields,
    provenance: { ...provenance, origins: prune(origins, { ...point, ...fields }) },
  };
}

/** The dispatcher edited a field: it is theirs now (or nothing, once emptied). */
export function fieldTyped(
  provenance: PointProvenance,
  field: AddressField,
  value: string,
): PointProvenance {
  const origins = { ...provenance.origins };
  if (value.trim()) origins[field] = 'typed';
  else delete origins[field];
  return origins[field] === provenance.origins[field] ? provenance : { ...provenance, origins };
}

/** "Keep them": the dispatcher vouches for the fields left from the previous position. */
export function earlierKept(provenance: PointProvenance, at: LatLng | null): PointProvenance {
  const origins = { ...provenance.origins };
  for (const field of ADDRESS_FIELDS) if (origins[field] === 'earlier') origins[field] = 'typed';
  const anchor = at ? { lat: at.lat, lng: at.lng, precision: 'exact' as const } : provenance.anchor;
  return { origins, anchor };
}

/** "Clear them": the fields left from the previous position are emptied. */
export function earlierCleared(provenance: PointProvenance): ProvenanceStep {
  const origins = { ...provenance.origins };
  const fields: Partial<AddressText> = {};
  for (const field of earlierFields(provenance)) {
    fields[field] = '';
    delete origins[field];
  }
  return { fields, provenance: { ...provenance, origins } };
}

/** The fields that still describe an earlier position of the pin. */
export function earlierFields(provenance: PointProvenance): AddressField[] {
  return ADDRESS_FIELDS.filter((field) => provenance.origins[field] === 'earlier');
}

/**
 * A point whose fields were all set for its pin, e.g. a recent quote reopened: the dispatcher
 * quoted it as it is.
 */
export function vouchedFor(point: AddressText & Partial<LatLng>): PointProvenance {
  const origins: PointProvenance['origins'] = {};
  for (const field of ADDRESS_FIELDS) if (filled(point, field)) origins[field] = 'typed';
  const anchor =
    point.lat !== undefined && point.lng !== undefined
      ? { lat: point.lat, lng: point.lng, precision: 'exact' as const }
      : null;
  return { origins, anchor };
}

/** Origins only for fields that hold text. */
function prune(
  origins: PointProvenance['origins'],
  point: AddressText,
): PointProvenance['origins'] {
  const kept: PointProvenance['origins'] = {};
  for (const field of ADDRESS_FIELDS) {
    const origin = origins[field];
    if (origin && filled(point, field)) kept[field] = origin;
  }
  return kept;
}
