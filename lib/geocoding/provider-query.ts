import type { AddressTextParts } from './address-text';

/**
 * The text sent to a street-level geocoder (Photon, Nominatim), rebuilt from the parts of what the
 * dispatcher typed: "street number, colonia, zip". Interior numbers ("int 1", "depto 4", "piso 3")
 * and markers ("col.", "C.P.") stay out: they match nothing in OpenStreetMap and make both services
 * find nothing. So do exterior "numbers" that are not house numbers ("S/N", "Mz 5 Lt 3", "Km 14.5").
 */
export function cleanedQuery(parts: AddressTextParts): string {
  const houseNumber = /^\d+(?:-?[A-Z0-9]{1,4})?$/i.test(parts.exteriorNumber)
    ? parts.exteriorNumber
    : '';
  const streetLine = parts.street ? [parts.street, houseNumber].filter(Boolean).join(' ') : '';
  return [streetLine, parts.freeText, parts.neighborhood, parts.zipCode].filter(Boolean).join(', ');
}

/** Just the colonia and zip code: what to ask when the whole address found nothing; or ''. */
export function areaQuery(parts: AddressTextParts): string {
  return [parts.neighborhood, parts.zipCode].filter(Boolean).join(', ');
}

/**
 * Asks for the cleaned query; when that finds nothing and the text named a colonia or a zip code
 * besides a street, asks once more for just those, so the pin can at least go to the colonia.
 */
export async function searchWithFallback<T>(
  parts: AddressTextParts,
  ask: (query: string) => Promise<T[]>,
): Promise<T[]> {
  const query = cleanedQuery(parts);
  if (!query) return [];
  const found = await ask(query);
  const area = areaQuery(parts);
  if (found.length > 0 || !area || area === query) return found;
  return ask(area);
}
