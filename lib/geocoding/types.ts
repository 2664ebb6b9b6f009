/**
 * What every geocoder answers: the address fields of the quote form (street and exterior number may
 * be empty when unknown), a display label, and where the answer came from.
 */
export interface GeocodedAddress {
  street: string;
  exteriorNumber: string;
  neighborhood: string;
  zipCode: string;
  lat: number;
  lng: number;
  /** One line a dispatcher can read: "Varsovia 36, Juárez, 06600 Cuauhtémoc, Ciudad de México". */
  label: string;
  /** Alcaldía in Mexico City, municipio elsewhere. */
  municipality: string;
  city: string;
  source: GeocoderProvider;
}

export type GeocoderProvider = 'builtin' | 'nominatim' | 'photon';

export interface LatLng {
  lat: number;
  lng: number;
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
  /** Places matching a text, best first, optionally preferring those near a point. */
  search(text: string, near?: LatLng): Promise<GeocodedAddress[]>;
}
