import * as z from 'zod/mini';
import {
  ADDRESS_FIELD_MAX_LENGTH,
  CUSTOMER_TEXT_MAX_LENGTH,
  MAX_DROPOFFS,
} from '../courier-api/limits';

/**
 * The quote request, written once: react-hook-form validates the dispatcher's fields with it in the
 * browser and POST /api/quote validates the body with it on the server. zod/mini keeps the browser
 * bundle small. Messages are stable keys of the catalogs' `validation` section (messages/*.json),
 * translated where shown (the API's by lib/i18n/validation-text.ts).
 */

export const VALIDATION_KEYS = [
  'validation.required',
  'validation.streetRequired',
  'validation.exteriorNumberRequired',
  'validation.neighborhoodRequired',
  'validation.zipCodeRequired',
  'validation.invalid',
  'validation.streetTooLong',
  'validation.exteriorNumberTooLong',
  'validation.interiorNumberTooLong',
  'validation.neighborhoodTooLong',
  'validation.customerTooLong',
  'validation.emailTooLong',
  'validation.passwordTooLong',
  'validation.unreadableCharacter',
  'validation.exteriorNumber',
  'validation.zipCode',
  'validation.latitude',
  'validation.longitude',
  'validation.email',
  'validation.tooManyStops',
  'validation.summary',
] as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[number];

/**
 * A missing value is "required" (named for its field where the field has its own words: "Escribe
 * la calle"); a value of the wrong kind (a number for a street) is "invalid".
 */
const missingOr =
  (key: ValidationKey, required: ValidationKey = 'validation.required') =>
  (issue: { input?: unknown }): ValidationKey =>
    issue.input === undefined || issue.input === null ? required : key;

type LimitedField = keyof typeof ADDRESS_FIELD_MAX_LENGTH;

/** At most the field's length (lib/courier-api/limits.ts), with the message that names it. */
const withinLength = (field: LimitedField) =>
  z.maxLength(ADDRESS_FIELD_MAX_LENGTH[field], {
    error: `validation.${field}TooLong` satisfies ValidationKey,
    // Too long is the one thing to say: a form check after it would only add noise.
    abort: true,
  });

/**
 * Text a person typed: no control character (C0 — a street has no tab or newline either —, DEL,
 * C1) and no half of a UTF-16 pair without its other half. Nobody types them; they come from a
 * broken client or a probe, and PostgreSQL cannot store a NUL or a lone surrogate: refused here,
 * named for their field, rather than quoted and then lost at storage.
 */
export const typedText = () =>
  z.regex(/^[^\p{Cc}\p{Cs}]*$/u, {
    error: 'validation.unreadableCharacter' satisfies ValidationKey,
    // The one thing to say: the field's form checks after it would only add noise.
    abort: true,
  });

const text = (field: LimitedField, required: ValidationKey) =>
  z
    .string({ error: missingOr('validation.invalid', required) })
    .check(z.trim(), z.minLength(1, required), withinLength(field), typedText());

/**
 * What an exterior number may be: digits, or the conventions written on Mexican doors and in
 * addresses, case and dots aside —
 * - a number, with a letter, "Bis" or a second number: "36", "36B", "36-B", "36 B", "36 Bis", "36-2";
 * - no number: "S/N", "SN", "S.N.", "Sin número";
 * - manzana and lote, either or both: "Mz 4 Lt 12", "Mza. 4, Lote 12", "Mz A";
 * - a kilometre of a road, with metres: "Km 3.5", "Km 14,5", "Km 12+300".
 * Words for numbers ("treinta y seis"), emoji and anything else are refused: the courier would
 * be handed a door it cannot find. Empty is left to the "required" check.
 */
const HOUSE = String.raw`\d{1,6}(?:\s?-?\s?(?:bis|[a-z])|-\d{1,4})?`;
const MANZANA_LOTE = String.raw`(?:mza?|manzana|lte?|lote)\.?\s?(?:\d{1,4}[a-z]?|[a-z])`;
const KILOMETRE = String.raw`(?:km|kil[oó]metro)\.?\s?\d{1,4}(?:[.,]\d{1,3})?(?:\s?\+\s?\d{1,3})?`;
const PART = String.raw`(?:${MANZANA_LOTE}|${KILOMETRE}|${HOUSE})`;
const NO_NUMBER = String.raw`s\s?\/\s?n|s\.?\s?n\.?|sin\s+n[uú]mero`;
export const EXTERIOR_NUMBER = new RegExp(
  String.raw`^(?:${NO_NUMBER}|${PART}(?:\s?,?\s${PART})*)?$`,
  'i',
);

const degrees = (limit: number, key: ValidationKey) =>
  z.number({ error: missingOr(key) }).check(z.gte(-limit, key), z.lte(limit, key));

export const quotePointSchema = z.object(
  {
    street: text('street', 'validation.streetRequired'),
    /** Text, not a number: "36", "36-B" and "S/N" are all real exterior numbers (EXTERIOR_NUMBER). */
    exteriorNumber: text('exteriorNumber', 'validation.exteriorNumberRequired').check(
      z.regex(EXTERIOR_NUMBER, 'validation.exteriorNumber'),
    ),
    /** Empty or absent when the building has none. */
    interiorNumber: z.optional(
      z
        .string({ error: 'validation.invalid' })
        .check(z.trim(), withinLength('interiorNumber'), typedText()),
    ),
    neighborhood: text('neighborhood', 'validation.neighborhoodRequired'),
    zipCode: z
      .string({ error: missingOr('validation.zipCode', 'validation.zipCodeRequired') })
      .check(
        z.trim(),
        z.minLength(1, 'validation.zipCodeRequired'),
        // Empty is "write the zip code", not "5 digits": the check above names it.
        z.regex(/^(?:\d{5})?$/, 'validation.zipCode'),
      ),
    lat: degrees(90, 'validation.latitude'),
    lng: degrees(180, 'validation.longitude'),
  },
  { error: missingOr('validation.invalid') },
);
export type QuotePoint = z.infer<typeof quotePointSchema>;

/**
 * "Cliente (opcional)": who the quote is for, as the dispatcher writes it (a name, a company, a
 * phone). Kept with the record and searched in the history; never sent to the courier.
 */
const customerText = z.optional(
  z
    .string({ error: 'validation.invalid' })
    .check(
      z.trim(),
      z.maxLength(CUSTOMER_TEXT_MAX_LENGTH, { error: 'validation.customerTooLong', abort: true }),
      typedText(),
    ),
);

export const quoteRequestSchema = z.object(
  {
    pickup: quotePointSchema,
    dropoffs: z
      .array(quotePointSchema, { error: missingOr('validation.invalid') })
      .check(
        z.minLength(1, 'validation.required'),
        z.maxLength(MAX_DROPOFFS, 'validation.tooManyStops'),
      ),
    customer: customerText,
  },
  { error: missingOr('validation.invalid') },
);
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

/** The request as first published, `{pickup, dropoff}`: still accepted, read as one drop-off. */
const singleDropoffRequestSchema = z.pipe(
  z.object(
    { pickup: quotePointSchema, dropoff: quotePointSchema, customer: customerText },
    { error: missingOr('validation.invalid') },
  ),
  z.transform(({ pickup, dropoff, customer }): QuoteRequest => ({
    pickup,
    dropoffs: [dropoff],
    ...(customer === undefined ? {} : { customer }),
  })),
);

/**
 * The schema for a request body: `{pickup, dropoffs}`, or the first published `{pickup, dropoff}`
 * (its field errors then keep its own names, `dropoff.street`).
 */
export function quoteRequestSchemaFor(body: unknown): z.ZodMiniType<QuoteRequest> {
  const record = typeof body === 'object' && body !== null ? body : {};
  return !('dropoffs' in record) && 'dropoff' in record
    ? singleDropoffRequestSchema
    : quoteRequestSchema;
}
