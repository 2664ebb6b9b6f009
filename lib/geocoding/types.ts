import type { AddressTextParts } from './address-text';
import type { NamedPlace } from './place-words';
import type { FoundAddress, GeocoderProvider, SearchResultKind } from '@/lib/api/geocode';

/**
 * What every geocoder answers: the address fields of the quote form (street and numbers may be
 * empty when unknown; the interior number always is, no geocoder knows it), a display label
 * ("Varsovia 36, Juárez, 06600 Cuauhtémoc, Ciudad de México"), the alcaldía or municipio, and
 * where the answer came from. The API's type, FoundAddress, in lib/api/geocode.ts.
 */
export type GeocodedAddress = FoundAddress;

/** A search result as a geocoder found it, before the dispatcher's text fills what it lacks. */
export interface GeocodedPlace extends GeocodedAddress {
  kind: SearchResultKind;
}

export interface LatLng {
  lat: number;
  lng: number;
}

/**
 * What the dispatcher typed, its parts (lib/geocoding/address-text.ts), and the state or city it
 * names (lib/geocoding/place-words.ts): a geocoder finds nothing outside that place.
 */
export interface AddressQuery {
  text: string;
  parts: AddressTextParts;
  place?: NamedPlace | null;
}

/** What the screen may do with the configured geocoder. */
export interface GeocoderCapabilities {
  provider: GeocoderProvider;
  /** Search while the dispatcher types; false means search only when the form is submitted. */
  autocomplete: boolean;
  /** Text the screen must show near the results (the data's licence). */
  attribution?: string;
}

export interface Geocoder {
  readonly capabilities: GeocoderCapabilities;
  /**
   * The address at a pin, or null when nothing is known there. The answer's lat/lng are the pin's
   * own: the pin stays where the dispatcher put it, only the fields are filled in.
   */
  reverse(lat: number, lng: number): Promise<GeocodedAddress | null>;
  /**
   * Places matching the dispatcher's text, best first, optionally preferring those near a point;
   * each says what it is (an address, a street, a colonia, a zip code area, another place).
   */
  search(query: AddressQuery, near?: LatLng): Promise<GeocodedPlace[]>;
}
