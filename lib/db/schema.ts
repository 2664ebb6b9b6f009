import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  real,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { Quote } from '@/lib/api/quote';

/**
 * The database's tables, typed. The migrations under ./migrations are generated from this file
 * (`npx drizzle-kit generate`, drizzle.config.ts) and hand-edited only where Drizzle cannot say
 * it (the pg_trgm and btree_gin extensions). Both engines, PGlite and a PostgreSQL server, run the same SQL.
 */

/** A stop as the dispatcher confirmed it; `letter` is its pin's letter: A the pickup, B, C… */
export interface RecordedStop {
  letter: string;
  street: string;
  exteriorNumber: string;
  interiorNumber?: string;
  neighborhood: string;
  zipCode: string;
  lat: number;
  lng: number;
}

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One row per quote POST /api/quote answered (docs/records.md). */
export const quoteRecords = pgTable(
  'quote_records',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** `DQ-7K3M9P`: read over the phone; unique (the constraint is what makes it so). */
    reference: text('reference').notNull().unique('quote_records_reference_key'),
    /** SHA-256 of the customer link's token: the public page finds the record by it. */
    customerTokenHash: bytea('customer_token_hash')
      .notNull()
      .unique('quote_records_customer_token_hash_key'),
    /** The token itself, sealed with SESSION_SECRET, so the dispatcher can share the link again. */
    customerTokenSealed: text('customer_token_sealed').notNull(),
    /** Lower case, trimmed. */
    dispatcherEmail: text('dispatcher_email').notNull(),
    /** The courier's `idClient` for the dispatcher's account, when its login said: the team. */
    courierClientId: integer('courier_client_id'),
    /** The dispatcher's language when quoting (es-MX or en): the customer's page uses it. */
    language: text('language').notNull(),
    stops: jsonb('stops').$type<RecordedStop[]>().notNull(),
    /** "Cliente (opcional)" as the dispatcher wrote it (trimmed; null when none was written). */
    customer: text('customer'),
    /** The quote as the app answered it (lib/api/quote.ts quoteSchema). */
    quote: jsonb('quote').$type<Quote>().notNull(),
    /** Copies of the quote's figures that lists and exports read without opening `quote`. */
    total: numeric('total', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    distanceKm: real('distance_km').notNull(),
    etaMinutes: real('eta_minutes').notNull(),
    /** Reference, customer, streets and colonias folded (no accents, lower case): what search matches. */
    searchText: text('search_text').notNull(),
    issuedAt: instant('issued_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    linkRevokedAt: instant('link_revoked_at'),
  },
  (table) => [
    // "Mine" and "my team's" (same courier client), newest first: read backwards, an ascending
    // index gives `order by created_at desc, id desc` exactly, keyset cursor included.
    index('quote_records_dispatcher_created_idx').on(
      table.dispatcherEmail,
      table.createdAt,
      table.id,
    ),
    index('quote_records_client_created_idx').on(table.courierClientId, table.createdAt, table.id),
    // Export by date range, and the retention purge.
    index('quote_records_created_idx').on(table.createdAt, table.id),
    // Search by any part of a street, colonia or customer text (and the reference) within a scope:
    // one trigram GIN with both scope columns first (btree_gin), so that the index applies the
    // scope and the words at once, whichever the scope. A trigram index alone read every record
    // with the words, of every dispatcher, then filtered them by scope ("Santa María la Ribera"
    // among 2,000,000 records: 70 ms); one index per scope column let the planner take the other
    // scope's index for the words alone, as slow (75-146 ms); this one: 16 ms mine, 24 ms team.
    index('quote_records_scope_search_idx').using(
      'gin',
      table.dispatcherEmail,
      table.courierClientId,
      sql`${table.searchText} gin_trgm_ops`,
    ),
  ],
);

export type QuoteRecordRow = typeof quoteRecords.$inferSelect;
export type NewQuoteRecordRow = typeof quoteRecords.$inferInsert;

/**
 * References set aside for quotes not yet stored (lib/quote-records/reference-pool.ts): a quote is
 * answered once its record is in this instance's journal, and the record reaches `quote_records`
 * just after. A reservation keeps its reference from every other instance meanwhile; the purge
 * deletes reservations a day old (their records are stored by then, or never will be).
 */
export const quoteReferenceReservations = pgTable('quote_reference_reservations', {
  reference: text('reference').primaryKey(),
  // No index: a reservation is written 64 at a time between quotes, and read only by the hourly
  // purge, over a table that holds one day's quotes.
  reservedAt: instant('reserved_at').notNull().defaultNow(),
});
