import 'server-only';
import { parseAddressText } from './address-text';
import type { AddressField, SearchAnswer, SearchResult, TypedStreet } from '@/lib/api/geocode';
import { namesPlace } from './name-match';
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
 */
export async function searchAddresses(
  geocoder: Geocoder,
  text: string,
  near?: LatLng,
): Promise<SearchAnswer> {
  const query = addressQuery(text);
  const found = await geocoder.search(query, near);
  const results = found.map((place) => withTextParts(place, query));
  return { results, typed: typedStreet(query, results) };
}

export function addressQuery(text: string): AddressQuery {
  return { text, parts: parseAddressText(text) };
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

function typedStreet({ parts }: AddressQuery, results: SearchResult[]): TypedStreet | null {
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
  const used = results.some(
    (result) =>
      result.kind === 'address' ||
      result.kind === 'street' ||
      namesPlace(freeText, result.neighborhood, [result.municipality, result.city]),
  );
  return used ? null : { street: freeText, exteriorNumber: '', interiorNumber: '' };
}
