// Not server-only: the screen reads these answers; plain types, nothing of any geocoder's wire.
import type { Locale } from '@/lib/i18n/config';

/**
 * The geocode routes' answers, as the server sends them and the screen reads them.
 * GET /api/geocode/reverse → ReverseAnswer; GET /api/geocode/search → SearchAnswer.
 */

/** Which geocoder found an address (the answer's `source`). */
export type GeocoderProvider = 'builtin' | 'nominatim' | 'photon';

export type AddressField =
  'street' | 'exteriorNumber' | 'interiorNumber' | 'neighborhood' | 'zipCode';

/** What a search result is: a house address, a street without a number, a colonia, a zip code area, or another named place. */
export type SearchResultKind = 'address' | 'street' | 'colonia' | 'zip' | 'place';

export interface FoundAddress {
  street: string;
  exteriorNumber: string;
  interiorNumber: string;
  neighborhood: string;
  zipCode: string;
  lat: number;
  lng: number;
  label: string;
  municipality: string;
  city: string;
  source: GeocoderProvider;
}

export interface ReverseAnswer {
  address: FoundAddress | null;
}

export interface SearchResult extends FoundAddress {
  kind: SearchResultKind;
  /** Fields whose value came from the dispatcher's own text, not from the geocoder. */
  fromText: AddressField[];
}

/**
 * The street-level part of the text that no result carries (the built-in gazetteer knows no
 * streets; a geocoder may find nothing): the screen offers to use it as typed without moving the
 * pin. Null when every result already carries it, or the text had none.
 */
export interface TypedStreet {
  street: string;
  exteriorNumber: string;
  interiorNumber: string;
}

/**
 * A state, city or zip code the text named that no active zone serves ("Av. Constitución 400,
 * Centro, Monterrey, N.L.", "72000"): the answer then has no results. The screen says
 * `point.notCovered` with `place` and the served areas in its language, joined as a list:
 * "Monterrey: sin cobertura por ahora — cubrimos Ciudad de México (y área metropolitana) y
 * Guadalajara (área metropolitana)".
 */
export interface NotCoveredPlace {
  /** As the dispatcher reads it: "Monterrey", "Nuevo León", "72000 (Puebla)". */
  place: string;
  /** The active zones' areas, per language, in the zones file's order. */
  served: Record<Locale, string[]>;
}

export interface SearchAnswer {
  results: SearchResult[];
  typed: TypedStreet | null;
  /** Present only when the text named a place outside every active zone. */
  notCovered?: NotCoveredPlace;
}
