import type { AddressTextParts } from './address-text';
import { fold } from './fold';
import type { City, NamedPlace } from './place-words';
import type { AddressQuery, LatLng } from './types';

/**
 * The text sent to a street-level geocoder (Photon, Nominatim), rebuilt from the parts of what the
 * dispatcher typed: "street number, colonia, zip". Interior numbers ("int 1", "depto 4", "piso 3")
 * and markers ("col.", "C.P.") stay out: they match nothing in OpenStreetMap and make both services
 * find nothing. So do exterior "numbers" that are not house numbers ("S/N", "Mz 5 Lt 3", "Km 14.5").
 */
export function cleanedQuery(parts: AddressTextParts): string {
  const houseNumber = houseNumberOf(parts);
  const streetLine = parts.street ? [parts.street, houseNumber].filter(Boolean).join(' ') : '';
  return [streetLine, parts.freeText, parts.neighborhood, parts.zipCode].filter(Boolean).join(', ');
}

/** Just the colonia and zip code: what to ask when the whole address found nothing; or ''. */
export function areaQuery(parts: AddressTextParts): string {
  return [parts.neighborhood, parts.zipCode].filter(Boolean).join(', ');
}

/** One request to a street-level geocoder: the text to send, and what else the dispatcher named. */
export interface ProviderSearch {
  /** The cleaned text, or the colonia and zip alone ("Avenida Juárez 100, Centro"). */
  query: string;
  /** The street and house number, in the request for the whole address; '' in the second. */
  street: string;
  houseNumber: string;
  zipCode: string;
  /** The state or city the text named; null when none (or only a zip code, already in the text). */
  place: NamedPlace | null;
}

/**
 * Asks for the cleaned query; when that finds nothing and the text named a colonia or a zip code
 * besides a street, asks once more for just those, so the pin can at least go to the colonia.
 */
export async function searchWithFallback<T>(
  { parts, place }: Pick<AddressQuery, 'parts' | 'place'>,
  ask: (query: string, search: ProviderSearch) => Promise<T[]>,
): Promise<T[]> {
  const query = cleanedQuery(parts);
  if (!query) return [];
  const named = place?.source === 'words' ? place : null;
  const search = { query, zipCode: parts.zipCode, place: named };
  const found = await ask(query, {
    ...search,
    street: parts.street,
    houseNumber: houseNumberOf(parts),
  });
  const area = areaQuery(parts);
  if (found.length > 0 || !area || area === query) return found;
  return ask(area, { ...search, query: area, street: '', houseNumber: '' });
}

function houseNumberOf(parts: AddressTextParts): string {
  return /^\d+(?:-?[A-Z0-9]{1,4})?$/i.test(parts.exteriorNumber) ? parts.exteriorNumber : '';
}

/**
 * Where a search is cached: the text folded (accents and case find the same), the place named,
 * and the map's centre the search leans to.
 */
export function searchKey({ query, street, place }: ProviderSearch, bias?: LatLng): string {
  const where = place ? `|${place.region.id}:${place.city?.name ?? ''}:${street ? 's' : ''}` : '';
  return `${fold(query)}${where}|${bias ? `${bias.lat},${bias.lng}` : ''}`;
}

/** Half the side of the box around a named city that results must lie in (about 30 km). */
const CITY_BOX_DEGREES = 0.3;

function cityBox({
  centre: { lat, lng },
}: City): [west: number, south: number, east: number, north: number] {
  const half = CITY_BOX_DEGREES;
  return [lng - half, lat - half, lng + half, lat + half];
}

/** The text with the place's names after it: "Centro, Guadalajara, Jalisco". */
function withPlaceNames(query: string, place: NamedPlace): string {
  return [query, place.city?.name, place.region.name].filter(Boolean).join(', ');
}

/**
 * Nominatim's query parameters (nominatim.org/release-docs/latest/api/Search): without a place,
 * the free-form `q`; with a street and a named place, a structured query — `street` ("100 Avenida
 * Juárez"), `city` (or `county` for a Mexico City alcaldía, OSM's admin level 6), `state`,
 * `postalcode` — which Nominatim does not allow beside `q`; with a place but no street (a colonia),
 * `q` with the place's names and, for a city, `viewbox` around it with `bounded=1`. Always
 * `countrycodes=mx`.
 */
export function nominatimSearchParams(search: ProviderSearch): Record<string, string> {
  const { query, street, houseNumber, zipCode, place } = search;
  if (!place) return { q: query, countrycodes: 'mx' };
  if (street) {
    const alcaldia = place.city?.region === 'cdmx';
    return {
      street: [houseNumber, street].filter(Boolean).join(' '),
      ...(place.city &&
        (alcaldia ? { county: place.city.municipality } : { city: place.city.name })),
      state: place.region.name,
      ...(zipCode && { postalcode: zipCode }),
      countrycodes: 'mx',
    };
  }
  const box = place.city && cityBox(place.city);
  return {
    q: withPlaceNames(query, place),
    countrycodes: 'mx',
    ...(box && { viewbox: [box[0], box[3], box[2], box[1]].join(','), bounded: '1' }),
  };
}

/**
 * Photon's parameters for a named place (photon.komoot.io's API: `q`, `lat`/`lon` for a location
 * bias, `bbox=minLon,minLat,maxLon,maxLat` as a filter): the place's names after the text, and
 * for a city the bias at its centre and a box around it. Photon has no structured city or state.
 * Empty without a place: the caller's own text, bias (the search's, lib/geocoding/search-addresses.ts)
 * and box stand.
 */
export function photonSearchParams(search: ProviderSearch): Record<string, string> {
  const { query, place } = search;
  if (!place) return {};
  const { city } = place;
  return {
    q: withPlaceNames(query, place),
    ...(city && {
      lat: String(city.centre.lat),
      lon: String(city.centre.lng),
      bbox: cityBox(city).join(','),
    }),
  };
}
