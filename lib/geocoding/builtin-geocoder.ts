import { capabilitiesOf } from './capabilities';
import { builtinGazetteer, placeLabel, type Gazetteer, type Place } from './gazetteer';
import type { GeocodedAddress, Geocoder, LatLng } from './types';

/** The offline geocoder over the built-in gazetteer: neighbourhood and zip code, never a street. */
export class BuiltinGeocoder implements Geocoder {
  readonly capabilities = capabilitiesOf('builtin');

  constructor(private readonly gazetteer: Gazetteer = builtinGazetteer()) {}

  async reverse(lat: number, lng: number): Promise<GeocodedAddress | null> {
    const match = this.gazetteer.nearest(lat, lng);
    return match ? toAddress(match.place, { lat, lng }) : null;
  }

  async search(text: string, near?: LatLng): Promise<GeocodedAddress[]> {
    return this.gazetteer.search(text, { near }).map(({ place }) => toAddress(place, place));
  }
}

function toAddress(place: Place, at: LatLng): GeocodedAddress {
  return {
    street: '',
    exteriorNumber: '',
    neighborhood: place.name,
    zipCode: place.zipCode,
    lat: at.lat,
    lng: at.lng,
    label: placeLabel(place),
    municipality: place.municipality,
    city: place.city,
    source: 'builtin',
  };
}
