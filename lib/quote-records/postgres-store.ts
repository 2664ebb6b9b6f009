import 'server-only';
import { TZDate } from '@date-fns/tz';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  lt,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { Quote } from '@/lib/api/quote';
import type { Db } from '@/lib/db/connect';
import { quoteRecords, quoteReferenceReservations, type QuoteRecordRow } from '@/lib/db/schema';
import { toLocale } from '@/lib/i18n/config';
import type { ValueSealer } from '@/lib/redis/sealed-value';
import { decodeCursor, encodeCursor, type Cursor } from './cursor';
import {
  customerTokenHash,
  customerUrlOf,
  isCustomerToken,
  newCustomerToken,
  normalizeReference,
} from './reference';
import type {
  NewQuoteRecord,
  QuoteRecord,
  QuoteRecordStore,
  RecordExportQuery,
  RecordListQuery,
  RecordPage,
  RecordViewer,
  RecordedStop,
} from './record';
import { searchTextOf, searchWords } from './search-text';

const t = quoteRecords;
const r = quoteReferenceReservations;

/** Reservations older than this are deleted by the purge: their records are stored by then. */
const RESERVATION_KEPT_MS = 24 * 60 * 60_000;
const DEFAULT_PAGE = 25;
const MAX_PAGE = 100;
/**
 * Records an export reads at a time. A page lives while its rows are written out: at 100 it dies
 * in V8's young generation; pages of 500 outlived it at 10,000 rows a second and piled up in the
 * old one until the next full collection (bench: records-export).
 */
const EXPORT_PAGE = 100;
const PURGE_BATCH = 5_000;
/** How many of the scope's newest records a search reads before it asks the trigram index. */
const SEARCH_WINDOW = 2_000;
/**
 * A window that held part of a page is read on from its last match when, at the window's rate,
 * the rest of the page lies within two windows. It reads twice the rows that rate says: matches
 * come unevenly (the 26th "Santa María la Ribera" of a dispatcher's came 3,204 records back, where
 * the newest 2,000 held 18, a rate that says 2,889).
 */
const READ_ON_MARGIN = 2;
const READ_ON_WINDOWS = 2;

/** A record's instant exactly (microseconds), as the keyset cursor carries it. */
const createdAtText = (createdAt: AnyColumn = t.createdAt) =>
  sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export interface PostgresStoreOptions {
  db: Db;
  /** Resolves once the database is migrated (lib/db/connect.ts `ready`). */
  ready: () => Promise<void>;
  /** Seals the customer token kept for sharing the link again. */
  sealer: ValueSealer;
  /** The courier's time zone: a `day` filter is that day there. */
  timeZone: string;
  /** How many of the scope's newest records a search reads first (SEARCH_WINDOW; tests: less). */
  searchWindow?: number;
}

/**
 * A record's columns as the insert reads them, from JSON: what the journal keeps of a record on
 * its way to the table, one line each (instants as ISO text; `created_at` is when its quote was
 * answered, whenever the row is inserted).
 */
export interface RecordColumns {
  reference: string;
  /** SHA-256 of the customer link's token, base64. */
  token_hash: string;
  token_sealed: string;
  dispatcher_email: string;
  courier_client_id: number | null;
  language: string;
  stops: RecordedStop[];
  customer: string | null;
  quote: Quote;
  total: number;
  distance_km: number;
  eta_minutes: number;
  search_text: string;
  issued_at: string;
  expires_at: string;
  created_at: string;
}

/**
 * The quote records' SQL on PostgreSQL: PGlite or a server, the same queries (lib/db). Records
 * reach it through the journal (./journalled-store.ts), which is the app's QuoteRecordStore.
 */
export class PostgresQuoteRecordStore implements Omit<QuoteRecordStore, 'save'> {
  constructor(private readonly options: PostgresStoreOptions) {}

  private async db(): Promise<Db> {
    await this.options.ready();
    return this.options.db;
  }

  /**
   * A new record's columns under `reference`, with its customer link: the token drawn, hashed for
   * the lookup and sealed for sharing again (lib/quote-records/reference.ts).
   */
  newRecord(
    reference: string,
    record: NewQuoteRecord,
    createdAt: Date,
  ): { columns: RecordColumns; customerUrl: string } {
    const token = newCustomerToken();
    const columns: RecordColumns = {
      reference,
      token_hash: customerTokenHash(token).toString('base64'),
      token_sealed: this.options.sealer.seal(token),
      dispatcher_email: normalEmail(record.dispatcherEmail),
      courier_client_id: record.courierClientId ?? null,
      language: record.language,
      stops: record.stops,
      customer: record.customer ?? null,
      quote: record.quote,
      total: record.quote.total,
      distance_km: record.quote.distanceKm,
      eta_minutes: record.quote.etaMinutes,
      search_text: searchTextOf(reference, record.stops, record.customer),
      issued_at: record.issuedAt.toISOString(),
      expires_at: record.expiresAt.toISOString(),
      created_at: createdAt.toISOString(),
    };
    return { columns, customerUrl: customerUrlOf(token) };
  }

  /**
   * Reserves those of `candidates` that no record and no other reservation holds, and returns
   * them: from then on no other instance draws them (one statement, whatever the number).
   */
  async reserveReferences(candidates: readonly string[]): Promise<string[]> {
    const db = await this.db();
    const reserved = await db
      .insert(r)
      .select(
        sql`select candidate, now() from unnest(string_to_array(${candidates.join(',')}, ',')) as candidate
            where not exists (select 1 from ${t} where ${t.reference} = candidate)`,
      )
      .onConflictDoNothing()
      .returning({ reference: r.reference });
    return reserved.map((row) => row.reference);
  }

  /**
   * Inserts records in one statement, each given as its journal line (the JSON of its
   * RecordColumns); returns the references it inserted (one stored already, a line read back after
   * a crash, is not). A record the database refuses fails them all. The rows travel as one JSON
   * value, the lines joined, and the SQL text never changes: PGlite's thread keeps it parsed, and
   * the app's thread writes nothing new (Drizzle's insert of many rows built and bound every value
   * in JavaScript: a third of what storing cost the app's thread).
   */
  async insert(lines: readonly string[]): Promise<Set<string>> {
    const db = await this.db();
    const result: unknown = await db.execute(sql`
      insert into ${t} (reference, customer_token_hash, customer_token_sealed, dispatcher_email,
        courier_client_id, language, stops, customer, quote, total, distance_km, eta_minutes,
        search_text, issued_at, expires_at, created_at)
      select reference, decode(token_hash, 'base64'), token_sealed, dispatcher_email,
        courier_client_id, language, stops, customer, quote, total, distance_km, eta_minutes,
        search_text, issued_at, expires_at, created_at
      from jsonb_to_recordset(${`[${lines.join(',')}]`}::jsonb) as r(
        reference text, token_hash text, token_sealed text, dispatcher_email text,
        courier_client_id integer, language text, stops jsonb, customer text, quote jsonb,
        total numeric, distance_km real, eta_minutes real, search_text text,
        issued_at timestamptz, expires_at timestamptz, created_at timestamptz)
      on conflict do nothing
      returning reference`);
    // node-postgres answers a result with its rows; the embedded database's proxy, the rows.
    const inserted = (
      Array.isArray(result) ? result : (result as { rows: unknown[] }).rows
    ) as Array<{
      reference: string;
    }>;
    return new Set(inserted.map((row) => row.reference));
  }

  async byReference(reference: string, viewer: RecordViewer): Promise<QuoteRecord | undefined> {
    const normal = normalizeReference(reference);
    if (!normal) return undefined;
    const db = await this.db();
    const [row] = await db
      .select()
      .from(t)
      .where(and(eq(t.reference, normal), visibleTo(viewer)))
      .limit(1);
    return row && this.recordOf(row);
  }

  async byCustomerToken(token: string): Promise<QuoteRecord | undefined> {
    if (!isCustomerToken(token)) return undefined;
    const db = await this.db();
    const [row] = await db
      .select()
      .from(t)
      .where(eq(t.customerTokenHash, customerTokenHash(token)))
      .limit(1);
    return row && this.recordOf(row);
  }

  async list(query: RecordListQuery): Promise<RecordPage> {
    const limit = Math.min(Math.max(Math.trunc(query.limit ?? DEFAULT_PAGE), 1), MAX_PAGE);
    const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    const scope = and(
      inScope(query.viewer, query.scope),
      dayCondition(query.day, this.options.timeZone),
    );
    const search = searchCondition(query.search);
    // One more than asked tells whether a next page exists.
    const keyset = { newestFirst: true, after, limit: limit + 1 };
    const page = (rows: KeysetRow[]): RecordPage => {
      const shown = rows.slice(0, limit);
      const last = shown.at(-1);
      return {
        records: shown.map(({ row }) => this.recordOf(row)),
        ...(rows.length > limit && last ? { nextCursor: encodeCursor(cursorOf(last)) } : {}),
      };
    };
    if (search && !normalizeReference(query.search!)) {
      // A reference is one record: the unique index finds it. Words common in the scope's newest
      // records are found among them (newestMatching); a trigram scan of a common word reads tens
      // of thousands of entries (300 ms at 2,000,000 records). When the window holds a page, that
      // page is the newest. When it holds part of one, and at its rate the rest is near, the
      // records past the last one found are read on (READ_ON_MARGIN). Else (rarer words), or
      // when that falls short, the whole scope is searched through the trigram index.
      const window = this.options.searchWindow ?? SEARCH_WINDOW;
      const within = and(scope, cursorCondition(after, true));
      const found = await this.newestMatching(within, query.search!, { window, limit: limit + 1 });
      const lastFound = found.at(-1);
      const readOn = Math.ceil(
        ((window * (limit + 1 - found.length)) / found.length) * READ_ON_MARGIN,
      );
      if (lastFound && found.length <= limit && readOn <= window * READ_ON_WINDOWS) {
        const more = await this.newestMatching(
          and(scope, cursorCondition(cursorOf(lastFound), true)),
          query.search!,
          { window: readOn, limit: limit + 1 - found.length },
        );
        found.push(...more);
      }
      if (found.length > limit) return page(found);
    }
    return page(await this.keysetPage({ ...keyset, where: and(scope, search) }));
  }

  async revokeLink(reference: string, viewer: RecordViewer): Promise<boolean> {
    const normal = normalizeReference(reference);
    if (!normal) return false;
    const db = await this.db();
    const updated = await db
      .update(t)
      .set({ linkRevokedAt: sql`coalesce(${t.linkRevokedAt}, now())` })
      .where(and(eq(t.reference, normal), visibleTo(viewer)))
      .returning({ id: t.id });
    return updated.length > 0;
  }

  async *exportRows(query: RecordExportQuery): AsyncIterable<QuoteRecord> {
    const where = and(
      inScope(query.viewer, query.scope),
      query.from && gte(t.createdAt, query.from),
      query.to && lt(t.createdAt, query.to),
    );
    let after: Cursor | undefined;
    for (;;) {
      const rows = await this.keysetPage({ where, newestFirst: false, after, limit: EXPORT_PAGE });
      for (const { row } of rows) yield this.recordOf(row);
      const last = rows.at(-1);
      if (rows.length < EXPORT_PAGE || !last) return;
      after = cursorOf(last);
    }
  }

  async purgeOlderThan(cutoff: Date): Promise<number> {
    const db = await this.db();
    let purged = 0;
    for (;;) {
      // In batches: a purge after a long pause never holds one lock over millions of rows.
      const batch = await db
        .delete(t)
        .where(
          inArray(
            t.id,
            db.select({ id: t.id }).from(t).where(lt(t.createdAt, cutoff)).limit(PURGE_BATCH),
          ),
        )
        .returning({ id: t.id });
      purged += batch.length;
      if (batch.length < PURGE_BATCH) break;
    }
    await db.delete(r).where(lt(r.reservedAt, new Date(Date.now() - RESERVATION_KEPT_MS)));
    return purged;
  }

  /**
   * Up to `limit` of the newest `window` records of `where` that `search` finds, newest first.
   * The window is a subquery read through the scope's index in its order, so the outer query
   * keeps that order and stops at `limit` matches: each row is read from the table once (not
   * looked up again by id: 2.5–3 times the time, 2,000 ids at 2,000,000 records).
   */
  private async newestMatching(
    where: SQL | undefined,
    search: string,
    { window, limit }: { window: number; limit: number },
  ): Promise<KeysetRow[]> {
    const db = await this.db();
    const columns = getTableColumns(t);
    const recent = db
      .select(columns)
      .from(t)
      .where(where)
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(window)
      .as('recent');
    // The same columns, read from the window.
    const windowed = Object.fromEntries(
      Object.keys(columns).map((name) => [name, recent[name as keyof typeof columns]]),
    ) as { [Name in keyof typeof columns]: (typeof recent)[Name] };
    // The cursor's text for the matches only: written in the window, it was made for each of the
    // 2,000 rows read (2.6 against 0.9 ms a query on a table of 200,000).
    const rows = await db
      .select({ ...windowed, at: createdAtText(recent.createdAt) })
      .from(recent)
      .where(searchCondition(search, recent.searchText))
      .orderBy(desc(recent.createdAt), desc(recent.id))
      .limit(limit);
    return rows.map(({ at, ...row }) => ({ row, at }));
  }

  /** One page in (created_at, id) order, past the `after` row in that order: the list and the export. */
  private async keysetPage(page: KeysetPage): Promise<KeysetRow[]> {
    const order = page.newestFirst ? desc : asc;
    const db = await this.db();
    return db
      .select({ row: t, at: createdAtText() })
      .from(t)
      .where(and(page.where, cursorCondition(page.after, page.newestFirst)))
      .orderBy(order(t.createdAt), order(t.id))
      .limit(page.limit);
  }

  private recordOf(row: QuoteRecordRow): QuoteRecord {
    const token = this.options.sealer.open(row.customerTokenSealed);
    return {
      reference: row.reference,
      dispatcherEmail: row.dispatcherEmail,
      ...(row.courierClientId === null ? {} : { courierClientId: row.courierClientId }),
      language: toLocale(row.language),
      stops: row.stops,
      ...(row.customer ? { customer: row.customer } : {}),
      quote: row.quote,
      issuedAt: row.issuedAt,
      expiresAt: row.expiresAt,
      createdAt: row.createdAt,
      ...(row.linkRevokedAt ? { linkRevokedAt: row.linkRevokedAt } : {}),
      ...(token ? { customerUrl: customerUrlOf(token) } : {}),
    };
  }
}

const normalEmail = (email: string) => email.trim().toLowerCase();

interface KeysetPage {
  where: SQL | undefined;
  newestFirst: boolean;
  after: Cursor | undefined;
  limit: number;
}

type KeysetRow = { row: QuoteRecordRow; at: string };

const cursorOf = ({ row, at }: KeysetRow): Cursor => ({ at, id: row.id });

/** A dispatcher sees their own records and those of their courier client (their team). */
function visibleTo(viewer: RecordViewer): SQL | undefined {
  const mine = eq(t.dispatcherEmail, normalEmail(viewer.email));
  return viewer.courierClientId === undefined
    ? mine
    : or(mine, eq(t.courierClientId, viewer.courierClientId));
}

/**
 * Each scope is one index's range (newest first): mine by e-mail, the team's by courier client.
 * A dispatcher whose courier named no client has no team but themselves.
 */
function inScope(viewer: RecordViewer, scope: RecordListQuery['scope']): SQL {
  return scope === 'team' && viewer.courierClientId !== undefined
    ? eq(t.courierClientId, viewer.courierClientId)
    : eq(t.dispatcherEmail, normalEmail(viewer.email));
}

/** A reference finds its record; any other words must all appear in its customer, streets or colonias. */
function searchCondition(
  search: string | undefined,
  searchText: AnyColumn = t.searchText,
): SQL | undefined {
  if (!search?.trim()) return undefined;
  const words = searchWords(search);
  const text = words.length
    ? and(...words.map((word) => sql`${searchText} like ${`%${word}%`}`))
    : undefined;
  const reference = normalizeReference(search);
  if (reference) return text ? or(eq(t.reference, reference), text) : eq(t.reference, reference);
  return text ?? sql`false`;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` in the courier's time zone, midnight to midnight (23 or 25 hours on DST days). */
function dayCondition(day: string | undefined, timeZone: string): SQL | undefined {
  if (day === undefined) return undefined;
  const match = DAY.exec(day);
  if (!match) throw new RangeError(`day: expected YYYY-MM-DD, got ${JSON.stringify(day)}`);
  const [year, month, date] = match.slice(1).map(Number) as [number, number, number];
  const start = new TZDate(year, month - 1, date, timeZone);
  const end = new TZDate(year, month - 1, date + 1, timeZone);
  return and(gte(t.createdAt, new Date(start.getTime())), lt(t.createdAt, new Date(end.getTime())));
}

/** The records past a keyset cursor, in the order read (none when there is no cursor). */
function cursorCondition(after: Cursor | undefined, newestFirst: boolean): SQL | undefined {
  if (!after) return undefined;
  const past = sql.raw(newestFirst ? '<' : '>');
  return sql`(${t.createdAt}, ${t.id}) ${past} (${after.at}::timestamptz, ${after.id})`;
}
