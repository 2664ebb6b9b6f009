import { z } from 'zod';

/**
 * Lenient pieces for parsing upstream geocoder bodies: a text field may come as a number, a
 * missing or odd field is simply absent, coordinates may be strings.
 */
export const lenientText = z
  .union([z.string(), z.number()])
  .transform((value) => String(value).trim())
  .optional()
  .catch(undefined);

export const coordinate = z.coerce.number().refine(Number.isFinite, 'expected a number');

/** The first 5-digit zip code in a postcode field ("06600", "CP 06600", "06600;06700"), or "". */
export function zipCodeOf(postcode: string | undefined): string {
  return /(?:^|\D)(\d{5})(?!\d)/.exec(postcode ?? '')?.[1] ?? '';
}

export function firstText(...values: Array<string | undefined>): string {
  return values.find((value) => value !== undefined && value !== '') ?? '';
}

/** "Varsovia 36, Juárez, 06600 Cuauhtémoc, Ciudad de México", skipping what is unknown. */
export function addressLabel(parts: {
  name?: string;
  street: string;
  exteriorNumber: string;
  neighborhood: string;
  zipCode: string;
  municipality: string;
  city: string;
}): string {
  const streetLine = [parts.street, parts.exteriorNumber].filter(Boolean).join(' ');
  const area = [parts.zipCode, parts.municipality].filter(Boolean).join(' ');
  const lines = [
    parts.name && parts.name !== parts.street && parts.name !== parts.neighborhood
      ? parts.name
      : '',
    streetLine,
    parts.neighborhood,
    area,
    parts.city !== parts.municipality ? parts.city : '',
  ];
  return lines.filter(Boolean).join(', ');
}

/** Coordinates rounded for cache keys and upstream queries: 4 decimals is about 11 m. */
export function roundCoordinate(value: number, decimals = 4): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
