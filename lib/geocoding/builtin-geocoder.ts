import 'server-only';
import { capabilitiesOf } from './capabilities';
import {
  builtinGazetteer,
  DEFAULT_SEARCH_LIMIT,
  MAX_SEARCH_LIMIT,
  placeLabel,
  type Gazetteer,
  type Place,
  type PlaceMatch,
} from './gazetteer';
import type { AddressQuery, GeocodedAddress, GeocodedPlace, Geocoder, LatLng } from './types';
import type { SearchResultKind } from '@/lib/api/geocode';

/** The offline geocoder over the built-in gazetteer: colonia and zip code, never a street. */
export class BuiltinGeocoder implements Geocoder {
  readonly capabilities = capabilitiesOf('builtin');

  constructor(private readonly gazetteer: Gazetteer = builtinGazetteer()) {}

  async reverse(lat: number, lng: number): Promise<GeocodedAddress | null> {
    const match = this.gazetteer.nearest(lat, lng);
    return match ? toAddress(match.place, { lat, lng }) : null;
  }

  /**
   * The colonia the text names (its colonia, else its free words), or the zip code's colonias:
   * each at the colonia's centre. A zip that disagrees with the colonia keeps the colonia first,
   * then the zip's own colonias; a colonia found nowhere leaves the zip's.
   */
  async search({ parts }: AddressQuery, near?: LatLng): Promise<GeocodedPlace[]> {
    const numericFree = /^\d+$/.test(parts.freeText);
    const name = parts.neighborhood || (numericFree ? '' : parts.freeText);
    const zipCode = parts.zipCode || (numericFree ? parts.freeText : '');
    const byName = name ? this.gazetteer.findByName(name, { near, limit: MAX_SEARCH_LIMIT }) : [];
    const byZip = zipCode ? this.gazetteer.findByZip(zipCode, { near }) : [];

    let found: Array<{ match: PlaceMatch; kind: SearchResultKind }>;
    if (byName.length === 0) {
      found = byZip.map((match) => ({ match, kind: 'zip' }));
    } else if (!zipCode) {
      found = byName.map((match) => ({ match, kind: 'colonia' }));
    } else {
      const agreeing = byName.filter(({ place }) => place.zipCode === zipCode);
      const [first] = byName;
      const named = agreeing.length > 0 || !first ? agreeing : [first];
      const zipOnly = byZip.filter(({ place }) => !byName.some((match) => match.place === place));
      const others = byName.filter((match) => !named.includes(match));
      found = [
        ...named.map((match) => ({ match, kind: 'colonia' as const })),
        ...zipOnly.map((match) => ({ match, kind: 'zip' as const })),
        ...others.map((match) => ({ match, kind: 'colonia' as const })),
      ];
    }
    return found
      .slice(0, DEFAULT_SEARCH_LIMIT)
      .map(({ match: { place }, kind }) => ({ ...toAddress(place, place), kind }));
  }
}

function toAddress(place: Place, at: LatLng): GeocodedAddress {
  return {
    street: '',
    exteriorNumber: '',
    interiorNumber: '',
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
