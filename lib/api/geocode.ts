// Not server-only: nothing of any geocoder's wire; the screen imports its types only.
import { z } from 'zod';
import { defineContract } from './contract';
import { ENDPOINTS } from './endpoints';
import { LOCALES } from '@/lib/i18n/config';

/**
 * The geocode endpoints: GET /api/geocode/reverse (the address at a pin) and GET
 * /api/geocode/search (what the dispatcher's text finds), their queries and their answers.
 */

/** Which geocoder found an address (the answer's `source`). */
export const geocoderProviderSchema = z.enum(['builtin', 'nominatim', 'photon']);
export type GeocoderProvider = z.infer<typeof geocoderProviderSchema>;

export const addressFieldSchema = z.enum([
  'street',
  'exteriorNumber',
  'interiorNumber',
  'neighborhood',
  'zipCode',
]);
export type AddressField = z.infer<typeof addressFieldSchema>;

/** What a search result is: a house address, a street without a number, a colonia, a zip code area, or another named place. */
export const searchResultKindSchema = z.enum(['address', 'street', 'colonia', 'zip', 'place']);
export type SearchResultKind = z.infer<typeof searchResultKindSchema>;

const foundAddressShape = {
  street: z.string(),
  exteriorNumber: z.string(),
  interiorNumber: z.string(),
  neighborhood: z.string(),
  zipCode: z.string(),
  lat: z.number(),
  lng: z.number(),
  label: z.string(),
  municipality: z.string(),
  city: z.string(),
  source: geocoderProviderSchema,
};
export const foundAddressSchema = z.strictObject(foundAddressShape);
export type FoundAddress = z.infer<typeof foundAddressSchema>;

export const searchResultSchema = z.strictObject({
  ...foundAddressShape,
  kind: searchResultKindSchema,
  /** Fields whose value came from the dispatcher's own text, not from the geocoder. */
  fromText: z.array(addressFieldSchema),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/**
 * The street-level part of the text that no result carries (the built-in gazetteer knows no
 * streets; a geocoder may find nothing): the screen offers to use it as typed without moving the
 * pin. Null when every result already carries it, or the text had none.
 */
export const typedStreetSchema = z.strictObject({
  street: z.string(),
  exteriorNumber: z.string(),
  interiorNumber: z.string(),
});
export type TypedStreet = z.infer<typeof typedStreetSchema>;

/**
 * A state, city or zip code the text named that no active zone serves ("Av. Constitución 400,
 * Centro, Monterrey, N.L.", "72000"): the answer then has no results. The screen says
 * `point.notCovered` with `place` and the served areas in its language, joined as a list:
 * "Monterrey: sin cobertura por ahora — cubrimos Ciudad de México (y área metropolitana) y
 * Guadalajara (área metropolitana)".
 */
export const notCoveredPlaceSchema = z.strictObject({
  /** As the dispatcher reads it: "Monterrey", "Nuevo León", "72000 (Puebla)". */
  place: z.string(),
  /** The active zones' areas, per language, in the zones file's order. */
  served: z.record(z.enum(LOCALES), z.array(z.string())),
});
export type NotCoveredPlace = z.infer<typeof notCoveredPlaceSchema>;

export const reverseAnswerSchema = z.strictObject({ address: foundAddressSchema.nullable() });
export type ReverseAnswer = z.infer<typeof reverseAnswerSchema>;

export const searchAnswerSchema = z.strictObject({
  results: z.array(searchResultSchema),
  typed: typedStreetSchema.nullable(),
  /** Present only when the text named a place outside every active zone. */
  notCovered: notCoveredPlaceSchema.optional(),
});
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;

// ---------------------------------------------------------------- queries

export const MAX_SEARCH_TEXT = 200;

const decimal = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const coordinate = (what: string, limit: number) =>
  z
    .string({ error: `expected the ${what}` })
    .trim()
    .regex(decimal, `expected the ${what} as a decimal number`)
    .transform(Number)
    .refine(
      (value) => value >= -limit && value <= limit,
      `expected a ${what} between -${limit} and ${limit}`,
    );
const latitude = coordinate('latitude', 90);
const longitude = coordinate('longitude', 180);

export const reverseQuerySchema = z.object({ lat: latitude, lng: longitude });

export const searchQuerySchema = z
  .object({
    q: z
      .string({ error: 'expected the text to search for' })
      .trim()
      .min(1, 'expected the text to search for')
      .max(MAX_SEARCH_TEXT, `expected at most ${MAX_SEARCH_TEXT} characters`),
    lat: latitude.optional(),
    lng: longitude.optional(),
  })
  .refine((query) => (query.lat === undefined) === (query.lng === undefined), {
    message: 'expected lat and lng together, or neither',
    path: ['lat'],
  });

// ---------------------------------------------------------------- contracts

/** A lookup: its allowance per session spent, or the geocoder failing. */
const LOOKUP_ERRORS = ['rate_limited', 'geocoder_unavailable', 'geocoder_timeout'] as const;

/** GET /api/geocode/reverse?lat=…&lng=…: the address at a pin, null when nothing is known there. */
export const geocodeReverseContract = defineContract({
  ...ENDPOINTS.geocodeReverse,
  summary: 'The address at a pin (null when nothing is known there)',
  signedIn: true,
  query: reverseQuerySchema,
  answer: reverseAnswerSchema,
  errors: LOOKUP_ERRORS,
});

/**
 * GET /api/geocode/search?q=…[&lat=…&lng=…]: what the dispatcher's text finds, best first,
 * nearest the map's centre when given.
 */
export const geocodeSearchContract = defineContract({
  ...ENDPOINTS.geocodeSearch,
  summary: 'What the dispatcher’s text finds, best first, nearest the map’s centre when given',
  signedIn: true,
  query: searchQuerySchema,
  answer: searchAnswerSchema,
  errors: LOOKUP_ERRORS,
});
