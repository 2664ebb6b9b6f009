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
import { fold } from './fold';
import { isInRegion, type NamedPlace } from './place-words';
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
   * then the zip's own colonias; a colonia found nowhere leaves the zip's. A state or city named
   * in the text keeps only the colonias of that state, those of the city first.
   */
  async search({ parts, place }: AddressQuery, near?: LatLng): Promise<GeocodedPlace[]> {
    const numericFree = /^\d+$/.test(parts.freeText);
    const name = parts.neighborhood || (numericFree ? '' : parts.freeText);
    const zipCode = parts.zipCode || (numericFree ? parts.freeText : '');
    const where = place ? (entry: Place) => isInRegion(place.region, entry.state) : undefined;
    const byName = name
      ? cityFirst(this.gazetteer.findByName(name, { near, limit: MAX_SEARCH_LIMIT, where }), place)
      : [];
    const byZip = zipCode ? this.gazetteer.findByZip(zipCode, { near, where }) : [];

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

/** The named city's colonias first, in their order, then the state's others. */
function cityFirst(matches: PlaceMatch[], place: NamedPlace | null | undefined): PlaceMatch[] {
  const city = place?.city;
  if (!city) return matches;
  const inCity = ({ place: entry }: PlaceMatch) =>
    fold(entry.municipality) === fold(city.municipality);
  return [...matches.filter(inCity), ...matches.filter((match) => !inCity(match))];
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
