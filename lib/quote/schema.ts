import * as z from 'zod/mini';

/**
 * The quote request, written once: react-hook-form validates the dispatcher's fields with it in the
 * browser and POST /api/quote validates the body with it on the server. zod/mini keeps the browser
 * bundle small. Messages are stable keys (see validation-messages.ts), translated where shown.
 */

export const VALIDATION_KEYS = [
  'validation.required',
  'validation.invalid',
  'validation.tooLong',
  'validation.zipCode',
  'validation.latitude',
  'validation.longitude',
  'validation.email',
  'validation.summary',
] as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[number];

/** A missing value is "required"; a value of the wrong kind (a number for a street) is "invalid". */
const missingOr =
  (key: ValidationKey) =>
  (issue: { input?: unknown }): ValidationKey =>
    issue.input === undefined || issue.input === null ? 'validation.required' : key;

const text = (max: number) =>
  z
    .string({ error: missingOr('validation.invalid') })
    .check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(max, 'validation.tooLong'));

const degrees = (limit: number, key: ValidationKey) =>
  z.number({ error: missingOr(key) }).check(z.gte(-limit, key), z.lte(limit, key));

export const quotePointSchema = z.object(
  {
    street: text(150),
    /** Text, not a number: "36", "36-B" and "S/N" are all real exterior numbers. */
    exteriorNumber: text(20),
    /** Empty or absent when the building has none. */
    interiorNumber: z.optional(
      z
        .string({ error: 'validation.invalid' })
        .check(z.trim(), z.maxLength(20, 'validation.tooLong')),
    ),
    neighborhood: text(100),
    zipCode: z
      .string({ error: missingOr('validation.zipCode') })
      .check(
        z.trim(),
        z.minLength(1, 'validation.required'),
        z.regex(/^\d{5}$/, 'validation.zipCode'),
      ),
    lat: degrees(90, 'validation.latitude'),
    lng: degrees(180, 'validation.longitude'),
  },
  { error: missingOr('validation.invalid') },
);
export type QuotePoint = z.infer<typeof quotePointSchema>;

export const quoteRequestSchema = z.object(
  {
    pickup: quotePointSchema,
    dropoff: quotePointSchema,
  },
  { error: missingOr('validation.invalid') },
);
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;
