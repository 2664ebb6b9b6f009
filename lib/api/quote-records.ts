// Not server-only: the record's public shape and the query rules; the history screen imports types only.
import { z } from 'zod';
import { LOCALES } from '@/lib/i18n/config';
import { typedText } from '@/lib/quote/schema';
import { defineContract } from './contract';
import { ENDPOINTS } from './endpoints';
import { quoteSchema } from './quote';

/** A stop of a record, as the dispatcher confirmed it: A the pickup, then the drop-offs. */
export const recordedStopSchema = z.strictObject({
  letter: z.string(),
  street: z.string(),
  exteriorNumber: z.string(),
  interiorNumber: z.string().optional(),
  neighborhood: z.string(),
  zipCode: z.string(),
  lat: z.number(),
  lng: z.number(),
});

/**
 * A quote record as the history shows it to its dispatcher and their team (never the courier
 * client's id, never the link's token unless the link can still be shared).
 */
export const quoteRecordSchema = z.strictObject({
  reference: z.string(),
  dispatcherEmail: z.string(),
  language: z.enum(LOCALES),
  stops: z.array(recordedStopSchema).min(2),
  /** "Cliente (opcional)" as the dispatcher wrote it; absent when none was. */
  customer: z.string().optional(),
  quote: quoteSchema,
  /** ISO 8601 instants. */
  createdAt: z.string(),
  issuedAt: z.string(),
  expiresAt: z.string(),
  linkRevokedAt: z.string().optional(),
  /** `/c/{token}`, absent once it cannot be opened again (another SESSION_SECRET). */
  customerUrl: z.string().optional(),
});
export type QuoteRecordView = z.infer<typeof quoteRecordSchema>;

export const RECORD_SCOPES = ['mine', 'team'] as const;
export type RecordScopeName = (typeof RECORD_SCOPES)[number];
export const MAX_RECORD_PAGE = 100;
export const MAX_SEARCH_LENGTH = 100;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A day as YYYY-MM-DD.');

export const quoteListQuerySchema = z.strictObject({
  /**
   * A reference, or words of a street, colonia or customer (each must appear); typed text, as the
   * quote's own (no control character, which the database could not compare).
   */
  search: z.string().trim().max(MAX_SEARCH_LENGTH).check(typedText()).optional(),
  scope: z.enum(RECORD_SCOPES).default('team'),
  /** A day in the courier's time zone. */
  day: day.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_RECORD_PAGE).default(25),
});

export const quoteListAnswerSchema = z.strictObject({
  records: z.array(quoteRecordSchema),
  /** Pass it back as `cursor` for the next, older page; absent on the last page. */
  nextCursor: z.string().optional(),
});
export type QuoteListAnswer = z.infer<typeof quoteListAnswerSchema>;

/** GET /api/quotes: the dispatcher's records, or their team's, newest first, a page at a time. */
export const quoteListContract = defineContract({
  ...ENDPOINTS.quoteList,
  summary:
    'The quotes of the dispatcher or their team, newest first, found by reference, street or customer',
  signedIn: true,
  query: quoteListQuerySchema,
  answer: quoteListAnswerSchema,
  errors: ['records_unavailable'],
});

export const quoteRecordDetailSchema = z.strictObject({ record: quoteRecordSchema });
export type QuoteRecordDetail = z.infer<typeof quoteRecordDetailSchema>;

/** GET /api/quotes/{reference}: one record of the dispatcher or their team. */
export const quoteRecordContract = defineContract({
  ...ENDPOINTS.quoteRecord,
  summary: 'One quote of the dispatcher or their team, by its reference',
  signedIn: true,
  answer: quoteRecordDetailSchema,
  errors: ['not_found', 'records_unavailable'],
});

/** DELETE /api/quotes/{reference}/link: the customer's link stops working (204, again 204). */
export const quoteLinkRevokeContract = defineContract({
  ...ENDPOINTS.quoteLinkRevoke,
  summary: 'Ends the customer link of a quote of the dispatcher or their team',
  signedIn: true,
  errors: ['not_found', 'records_unavailable'],
});

export const quoteExportQuerySchema = z.strictObject({
  format: z.literal('csv').default('csv'),
  /** Days in the courier's time zone, both included. */
  from: day.optional(),
  to: day.optional(),
  scope: z.enum(RECORD_SCOPES).default('team'),
});

/**
 * GET /api/quotes/export: the records of a period as a CSV file (UTF-8 with a BOM, streamed), not
 * JSON: no answer schema.
 */
export const quoteExportContract = defineContract({
  ...ENDPOINTS.quoteExport,
  summary: 'The quotes of a period as a CSV spreadsheet (UTF-8 with BOM), streamed',
  signedIn: true,
  query: quoteExportQuerySchema,
  errors: ['records_unavailable'],
});
