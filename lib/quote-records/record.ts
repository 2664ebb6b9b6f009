import type { Quote } from '@/lib/api/quote';
import type { RecordedStop } from '@/lib/db/schema';
import type { Locale } from '@/lib/i18n/config';

// The stop's shape is the stored one (lib/db/schema.ts): the table is typed by it.
export type { RecordedStop };

/** What the app keeps of a quote it answered (docs/records.md). */
export interface NewQuoteRecord {
  dispatcherEmail: string;
  /** The courier's `idClient` of the dispatcher's account, when its login said. */
  courierClientId?: number;
  language: Locale;
  stops: RecordedStop[];
  /** "Cliente (opcional)": who the quote is for, as the dispatcher wrote it; absent when none. */
  customer?: string;
  quote: Quote;
  /** The instants the answer's quote carries too, computed once. */
  issuedAt: Date;
  expiresAt: Date;
}

export interface QuoteRecord extends NewQuoteRecord {
  reference: string;
  createdAt: Date;
  linkRevokedAt?: Date;
  /**
   * `/c/{token}`, for sharing again; undefined when the token cannot be opened any more (it was
   * sealed under another SESSION_SECRET). The public page works either way.
   */
  customerUrl?: string;
}

/** What POST /api/quote answers beside the quote once its record is stored. */
export interface SavedQuoteRecord {
  reference: string;
  customerUrl: string;
  expiresAt: Date;
}

/** Who asks: a dispatcher sees their own records, and their team's (same courier client). */
export interface RecordViewer {
  email: string;
  courierClientId?: number;
}

export type RecordScope = 'mine' | 'team';

export interface RecordListQuery {
  viewer: RecordViewer;
  scope: RecordScope;
  /** A reference (`DQ-7K3M9P`, or its 6 characters), or any part of a street, colonia or customer. */
  search?: string;
  /** `YYYY-MM-DD`: that day in the courier's time zone (COURIER_TIMEZONE). */
  day?: string;
  /** From the previous page's `nextCursor`. */
  cursor?: string;
  /** 1–100; 25 by default. */
  limit?: number;
}

export interface RecordPage {
  /** Newest first. */
  records: QuoteRecord[];
  /** Pass it back for the next (older) page; absent on the last page. */
  nextCursor?: string;
}

export interface RecordExportQuery {
  viewer: RecordViewer;
  scope: RecordScope;
  /** Created at or after; inclusive. */
  from?: Date;
  /** Created before; exclusive. */
  to?: Date;
}

/**
 * Where quote records are kept: the embedded PostgreSQL (PGlite) or a PostgreSQL server
 * (lib/db). Every method may throw when the database is unreachable; callers decide what that
 * means (a quote is still answered, without a record).
 */
export interface QuoteRecordStore {
  /** Stores the record and returns its new reference and customer link. */
  save(record: NewQuoteRecord): Promise<SavedQuoteRecord>;
  /** The record if the viewer may see it (theirs or their team's); undefined otherwise. */
  byReference(reference: string, viewer: RecordViewer): Promise<QuoteRecord | undefined>;
  /** For the public page: the record of a link's token, revoked or not (the page decides). */
  byCustomerToken(token: string): Promise<QuoteRecord | undefined>;
  /** Newest first, keyset-paged. */
  list(query: RecordListQuery): Promise<RecordPage>;
  /**
   * Ends the customer link of a record the viewer may see; true when it did (or already had),
   * false when there is no such record for the viewer.
   */
  revokeLink(reference: string, viewer: RecordViewer): Promise<boolean>;
  /** Oldest first, fetched a page at a time: memory stays flat however many rows. */
  exportRows(query: RecordExportQuery): AsyncIterable<QuoteRecord>;
  /** Deletes the records created before `cutoff`; returns how many. */
  purgeOlderThan(cutoff: Date): Promise<number>;
}
