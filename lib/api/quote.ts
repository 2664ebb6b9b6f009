// Not server-only: nothing secret, nothing of the courier's wire; the screen imports its types only.
import { z } from 'zod';
import { MAX_DROPOFFS } from '@/lib/courier-api/limits';
import { quoteRequestSchema, quoteRequestSchemaFor } from '@/lib/quote/schema';
import { defineContract } from './contract';
import { ENDPOINTS } from './endpoints';

export const quoteLegSchema = z.strictObject({
  /** Stop positions: 0 is the pickup (A), 1 the first drop-off (B), … */
  from: z.number().int().nonnegative(),
  to: z.number().int().positive(),
  distanceKm: z.number().nonnegative(),
  /** Minutes as the courier gives them for the stop at the leg's end. */
  etaMinutes: z.number().nonnegative(),
  price: z.number(),
});
export type QuoteLeg = z.infer<typeof quoteLegSchema>;

/**
 * A quote as the dispatch app knows it: the courier's answer reshaped at the border
 * (lib/courier-client) so that nothing past it depends on the courier's wire format. Money in MXN
 * (VAT included), distances in km by road, times in minutes.
 */
export const quoteSchema = z.strictObject({
  total: z.number(),
  price: z.number(),
  discount: z.number(),
  extraCharge: z.number(),
  packageValue: z.number(),
  /** The messenger's share of the price. */
  messengerFee: z.number(),
  /** The operator's share (the courier's `<brand>Cost` field). */
  operatorCost: z.number(),
  distanceKm: z.number(),
  etaMinutes: z.number(),
  isBike: z.boolean(),
  rating: z.number(),
  currency: z.literal('MXN'),
  zone: z.strictObject({ id: z.number(), name: z.string(), description: z.string().optional() }),
  packageType: z.strictObject({ id: z.number(), name: z.string() }),
  /** When the app received the quote (ISO 8601). */
  quotedAt: z.string(),
  /**
   * Per leg in stop order (A → B, B → C, …), when the courier reports per-address figures; absent
   * otherwise. The legs' km and prices add up to the totals.
   */
  legs: z.array(quoteLegSchema).optional(),
});
export type Quote = z.infer<typeof quoteSchema>;

/** The quote's record (docs/records.md): how the dispatcher and the customer find it again. */
export const quoteRecordAnswerSchema = z.strictObject({
  /** `DQ-7K3M9P`: read over the phone, searched in the history. */
  reference: z.string(),
  /** `/c/{token}`: the customer's read-only page of this quote (relative to the app's origin). */
  customerUrl: z.string(),
  /** When the quote stops being valid (ISO 8601). */
  expiresAt: z.string(),
});
export type QuoteRecordAnswer = z.infer<typeof quoteRecordAnswerSchema>;

export const quoteAnswerSchema = z.strictObject({
  quote: quoteSchema,
  /** Absent when the quote could not be stored (the database was unreachable): "no se guardó". */
  record: quoteRecordAnswerSchema.optional(),
});
export type QuoteAnswer = z.infer<typeof quoteAnswerSchema>;

/** POST /api/quote: the courier's quote for a trip from the pickup (A) through the drop-offs in order. */
export const quoteContract = defineContract({
  ...ENDPOINTS.quote,
  summary: `The courier’s quote for a trip: the pickup, then 1 to ${MAX_DROPOFFS} drop-offs in order`,
  signedIn: true,
  /** The request the form validates too (lib/quote/schema.ts); the first `{pickup, dropoff}` still reads. */
  body: quoteRequestSchema,
  bodyFor: quoteRequestSchemaFor,
  answer: quoteAnswerSchema,
  errors: [
    'pickup_out_of_coverage',
    'dropoff_out_of_coverage',
    'courier_rejected',
    'single_dropoff_courier',
    'rate_limited',
    'courier_error',
    'courier_unavailable',
    'courier_timeout',
  ],
});
