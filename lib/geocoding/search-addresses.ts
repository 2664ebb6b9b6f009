import 'server-only';
import { parseAddressTextWithPlaces } from './address-text';
import type { AddressField, SearchAnswer, SearchResult, TypedStreet } from '@/lib/api/geocode';
import type { Coverage } from '@/lib/api/coverage';
import { greatCircleKm } from '@/lib/geo/distance';
import { namesPlace } from './name-match';
import { notCoveredPlace } from './place-coverage';
import { isOnlyPlaceWords, namedPlace, regionOfAddress, type NamedPlace } from './place-words';
import type { AddressQuery, GeocodedPlace, Geocoder, LatLng } from './types';

/**
 * The search box's answer: the text taken apart (lib/geocoding/address-text.ts), the configured
 * geocoder asked, and each result completed with what the dispatcher typed and the geocoder could
 * not know — listed in its `fromText`:
 * - an address keeps its own street and number; the interior number comes from the text;
 * - a street without a house number takes the text's exterior number;
 * - a colonia, a zip code area or another place takes street and numbers from the text;
 * - any result lacking a colonia or zip code takes the text's.
 * `typed` is the text's street and numbers when no result carries them (nothing found), or the
 * text's free words when no result is a street and no colonia found is named by them
 * ("Insurgentes" lists colonias such as San José Insurgentes, and offers "Insurgentes" as a street).
 *
 * A state, city or zip code named in the text (lib/geocoding/place-words.ts) decides where results
 * may lie: none from another state, whatever the geocoder found; the search leans to the city's
 * centre rather than the map's. A place outside every active zone of `coverage` (read only then)
 * is answered `notCovered`, without asking the geocoder.
 */
export async function searchAddresses(
  geocoder: Geocoder,
  text: string,
  near?: LatLng,
  coverage?: () => Promise<Coverage>,
): Promise<SearchAnswer> {
  const query = addressQuery(text);
  const { place } = query;
  if (place && coverage) {
    const notCovered = notCoveredPlace(place, await coverage());
    if (notCovered) return { results: [], typed: null, notCovered };
  }
  const found = await geocoder.search(query, place ? nearPlace(place, near) : near);
  const results = found
    .filter((result) => !place || isWithin(result, place))
    .map((result) => withTextParts(result, query));
  return { results, typed: typedStreet(query, results) };
}

export function addressQuery(text: string): AddressQuery {
  const { parts, placeWords } = parseAddressTextWithPlaces(text);
  const zipCode = parts.zipCode || (/^\d{5}$/.test(parts.freeText) ? parts.freeText : '');
  return { text, parts, place: namedPlace(placeWords, zipCode) };
}

/** Beyond this from a state's capital, the map's centre says nothing about a place in it. */
const REGION_NEAR_KM = 150;

function nearPlace(place: NamedPlace, near: LatLng | undefined): LatLng {
  if (place.city) return place.city.centre;
  const { centre } = place.region;
  const far =
    !near || greatCircleKm([near.lng, near.lat], [centre.lng, centre.lat]) > REGION_NEAR_KM;
  return far ? centre : near;
}

/** A result whose state is known (by its zip code or its city) must be the named one's. */
function isWithin(result: GeocodedPlace, place: NamedPlace): boolean {
  const region = regionOfAddress(result);
  return !region || region === place.region;
}

function withTextParts({ kind, ...place }: GeocodedPlace, { parts }: AddressQuery): SearchResult {
  const result: SearchResult = { ...place, kind, fromText: [] };
  const fill = (field: AddressField, value: string) => {
    if (!value || result[field]) return;
    result[field] = value;
    result.fromText.push(field);
  };
  if (kind !== 'address' && kind !== 'street') fill('street', parts.street);
  if (kind !== 'address') fill('exteriorNumber', parts.exteriorNumber);
  fill('interiorNumber', parts.interiorNumber);
  fill('neighborhood', parts.neighborhood);
  fill('zipCode', parts.zipCode);
  return result;
}

function typedStreet({ parts, place }: AddressQuery, results: SearchResult[]): TypedStreet | null {
  const { street, exteriorNumber, interiorNumber, freeText } = parts;
  if (street || exteriorNumber || interiorNumber) {
    const carried =
      results.length > 0 &&
      results.every(
        (result) =>
          (!street || result.street) &&
          (!exteriorNumber || result.exteriorNumber) &&
          (!interiorNumber || result.interiorNumber),
      );
    return carried ? null : { street, exteriorNumber, interiorNumber };
  }
  if (!freeText || /^\d+$/.test(freeText)) return null;
  // The name of the place searched for is no street: "Monterrey" is not offered as one ("Sonora",
  // no place alone, still is).
  if (place && isOnlyPlaceWords(freeText)) return null;
  const used = results.some(
    (result) =>
      result.kind === 'address' ||
      result.kind === 'street' ||
      namesPlace(freeText, result.neighborhood, [result.municipality, result.city]),
  );
  return used ? null : { street: freeText, exteriorNumber: '', interiorNumber: '' };
}
