import 'server-only';
import { withinDatabaseTimeout } from '@/lib/db/connect';
import { databaseErrorSummary, isDatabaseOutage } from '@/lib/db/outage';
import { log as rootLog } from '@/lib/log';
import type { PostgresQuoteRecordStore, RecordColumns } from './postgres-store';
import type { RecordJournal } from './record-journal';
import type {
  NewQuoteRecord,
  QuoteRecord,
  QuoteRecordStore,
  RecordExportQuery,
  RecordListQuery,
  RecordPage,
  RecordViewer,
  SavedQuoteRecord,
} from './record';
import { ReferencePool } from './reference-pool';

/**
 * How long a record waits in the journal for others to go to the database with it: one insert of
 * many rows costs about what one of a single row does (group commit). Another instance sees a
 * record this long after its answer, at most; this one sees it at once (reads store it first).
 * At 50 ms PGlite's thread took 0.41–0.50 ms of CPU a quote at c=1 (batches of ~7); at 200 ms
 * 0.28–0.31 ms (docs/performance.md, 2026-12-01).
 */
export const FLUSH_DELAY_MS = 200;
/** Rows per insert at most. */
const FLUSH_BATCH = 100;
/** After the database failed to take records, the next try waits this long. */
export const JOURNAL_RETRY_MS = 1_000;
/**
 * The journal is emptied when a flush leaves nothing pending. Under quotes that never leave it
 * that pause, it is written again with the pending lines alone once it holds more than this.
 */
export const JOURNAL_REWRITE_BYTES = 1024 * 1024;

export interface JournalledStoreOptions {
  /** The records' SQL (PGlite or a server). */
  database: PostgresQuoteRecordStore;
  /** This process's own journal file, under DATA_DIR. */
  journal: RecordJournal;
  log?: typeof rootLog;
  /** Draws reference candidates (tests: a fixed sequence). */
  drawReference?: () => string;
  retryMs?: number;
  /** Tests: a smaller bound than JOURNAL_REWRITE_BYTES. */
  rewriteBytes?: number;
}

/**
 * The app's QuoteRecordStore. A quote's record is stored before the quote is answered — in this
 * process's journal, with a reference the database reserved ahead — and reaches the database's
 * table just after the answer, off the quote's path, several in one insert. On PGlite a statement costs about half a
 * millisecond whatever it does, as much as the budget for everything storing adds to a quote
 * (docs/performance.md, records-overhead).
 *
 * - A crash loses nothing answered: the journal's lines are stored at the next start.
 * - This process reads its own writes: every read first waits for the records it answered to be
 *   stored. Another instance sees them once stored: FLUSH_DELAY_MS or so after the answer.
 * - The database unreachable: the records already journalled wait (and are stored when it is
 *   back); new quotes are answered without a reference until a reservation works again.
 */
export class JournalledQuoteRecordStore implements QuoteRecordStore {
  private readonly database: PostgresQuoteRecordStore;
  private readonly journal: RecordJournal;
  private readonly log: typeof rootLog;
  private readonly retryMs: number;
  private readonly rewriteBytes: number;
  private readonly pool: ReferencePool;
  /** Journalled, in order, not yet in the table: each record's reference and journal line. */
  private readonly pending: Pending[] = [];
  /** Records journalled (read back included), and of those, how many are stored or set aside. */
  private journalled = 0;
  private done = 0;
  private flushing: Promise<void> | undefined;
  private flushTimer: NodeJS.Timeout | undefined;
  /** What the last attempt to store a record met, while the database does not take records. */
  private unreachable: unknown;
  /**
   * References that may be in the table already: read back from the journal after a stop, or in
   * a batch that met an outage. Found stored is no surprise for them.
   */
  private readonly mayBeStored = new Set<string>();

  constructor(options: JournalledStoreOptions) {
    this.database = options.database;
    this.journal = options.journal;
    this.log = options.log ?? rootLog;
    this.retryMs = options.retryMs ?? JOURNAL_RETRY_MS;
    this.rewriteBytes = options.rewriteBytes ?? JOURNAL_REWRITE_BYTES;
    this.pool = new ReferencePool({
      reserve: (candidates) => withinDatabaseTimeout(this.database.reserveReferences(candidates)),
      ...(options.drawReference ? { draw: options.drawReference } : {}),
    });
    this.readBack();
  }

  async save(record: NewQuoteRecord): Promise<SavedQuoteRecord> {
    if (this.unreachable !== undefined) {
      // A reservation is the probe: it throws while the database is away.
      await this.pool.refill();
      this.unreachable = undefined;
      this.flushSoon(undefined);
    }
    const reference = this.pool.takeNow() ?? (await this.pool.take());
    const { columns, customerUrl } = this.database.newRecord(reference, record, new Date());
    const pending: Pending = { reference, line: JSON.stringify(columns) };
    this.journal.append(pending.line);
    this.pending.push(pending);
    this.journalled += 1;
    this.flushSoon(FLUSH_DELAY_MS);
    return { reference, customerUrl, expiresAt: record.expiresAt };
  }

  async byReference(reference: string, viewer: RecordViewer): Promise<QuoteRecord | undefined> {
    await this.stored();
    return this.database.byReference(reference, viewer);
  }

  async byCustomerToken(token: string): Promise<QuoteRecord | undefined> {
    await this.stored();
    return this.database.byCustomerToken(token);
  }

  async list(query: RecordListQuery): Promise<RecordPage> {
    await this.stored();
    return this.database.list(query);
  }

  async revokeLink(reference: string, viewer: RecordViewer): Promise<boolean> {
    await this.stored();
    return this.database.revokeLink(reference, viewer);
  }

  async *exportRows(query: RecordExportQuery): AsyncIterable<QuoteRecord> {
    await this.stored();
    yield* this.database.exportRows(query);
  }

  async purgeOlderThan(cutoff: Date): Promise<number> {
    await this.stored();
    return this.database.purgeOlderThan(cutoff);
  }

  /**
   * Resolves once every record saved before the call is in the table, or the database refused to
   * take them now (an outage: they stay journalled, and the read that waited meets it too).
   */
  async stored(): Promise<void> {
    const target = this.journalled;
    while (this.done < target) {
      if (!this.flushing) this.flushSoon(undefined);
      await this.flushing;
      if (this.unreachable !== undefined) return;
    }
  }

  /** Stops retrying (tests; the app's process just ends). */
  close(): void {
    this.cancelTimer();
    this.journal.close();
  }

  /** Takes in what a stop left in the journal: stored first, before any new record. */
  private readBack(): void {
    const left = this.journal.read();
    for (const line of left) {
      const reference = referenceOf(line);
      if (reference === undefined) continue;
      this.pending.push({ reference, line });
      this.journalled += 1;
      this.mayBeStored.add(reference);
    }
    if (left.length === 0) return;
    this.log.warn(
      { journalled: left.length, readable: this.pending.length },
      'quote records left in the journal by a stop: storing them',
    );
    this.flushSoon(FLUSH_DELAY_MS);
  }

  /** Starts storing what is pending after `delayMs`, or now when undefined (a read waits for it). */
  private flushSoon(delayMs: number | undefined): void {
    if (this.flushing) return;
    if (delayMs !== undefined) {
      if (this.flushTimer) return;
      this.flushTimer = setTimeout(() => {
        this.flushTimer = undefined;
        this.flushSoon(undefined);
      }, delayMs);
      this.flushTimer.unref();
      return;
    }
    this.cancelTimer();
    this.flushing = this.flush().finally(() => {
      this.flushing = undefined;
      // Saved meanwhile, or left by an outage: their turn comes after the delay, or the retry's.
      if (this.pending.length > 0) {
        this.flushSoon(this.unreachable === undefined ? FLUSH_DELAY_MS : this.retryMs);
      }
    });
  }

  private cancelTimer(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
  }

  /** Stores what is pending now, in batches; what is saved meanwhile waits for the next turn. */
  private async flush(): Promise<void> {
    let left = this.pending.length;
    while (left > 0) {
      const batch = this.pending.slice(0, Math.min(left, FLUSH_BATCH));
      try {
        await this.store(batch);
      } catch (error) {
        if (this.unreachable === undefined) {
          this.log.error(
            {
              database: 'down',
              code: databaseErrorSummary(error).code,
              journalled: this.pending.length,
            },
            'quote records wait in the journal until the database answers',
          );
        }
        this.unreachable = error;
        // A batch that timed out may yet be stored: found stored at the retry is no surprise.
        for (const { reference } of batch) this.mayBeStored.add(reference);
        return;
      }
      this.pending.splice(0, batch.length);
      this.done += batch.length;
      left -= batch.length;
    }
    if (this.unreachable !== undefined) {
      this.log.warn({ database: 'up' }, 'quote records are stored again');
    }
    this.unreachable = undefined;
    if (this.pending.length > 0) {
      // Saved while this flush ran: the file keeps them, and loses the stored lines once it
      // outgrows its bound (the same synchronous turn: nothing is appended meanwhile).
      if (this.journal.size > this.rewriteBytes) this.rewriteJournal();
      return;
    }
    this.mayBeStored.clear();
    // Nothing pending, and nothing can be appended before this returns: the file holds only stored lines.
    this.journal.clear();
  }

  /**
   * One insert for the batch; throws an outage. When the database refuses the batch for a
   * record's own sake (a constraint, a bug), each is tried alone and the refused set aside.
   */
  private async store(batch: Pending[]): Promise<void> {
    let inserted: Set<string>;
    try {
      inserted = await withinDatabaseTimeout(this.database.insert(batch.map((one) => one.line)));
    } catch (error) {
      if (isDatabaseOutage(error)) throw error;
      if (batch.length === 1) return this.setAside(batch[0]!, error);
      for (const one of batch) await this.store([one]);
      return;
    }
    for (const { reference } of batch) {
      if (inserted.has(reference) || this.mayBeStored.has(reference)) continue;
      // Its reservation should have made this impossible: say so loudly.
      this.log.error(
        { database: 'refused', reference },
        'quote record not stored: its reference or link is another record’s',
      );
    }
  }

  /** The journal with the pending lines alone; when that fails (a full disk), it stays as it is. */
  private rewriteJournal(): void {
    try {
      this.journal.rewrite(this.pending.map((one) => one.line));
    } catch (error) {
      this.log.warn(
        { journal: this.journal.path, failure: (error as Error).message },
        'quote record journal not written again: it keeps its stored lines too',
      );
    }
  }

  private setAside(record: Pending, error: unknown): void {
    const { code, message } = databaseErrorSummary(error);
    let keptIn: string | undefined;
    try {
      this.journal.setAside(record.line);
      keptIn = this.journal.refusedPath;
    } catch {
      // logged below without a file
    }
    this.log.error(
      { database: 'refused', code, message, reference: record.reference, keptIn },
      'quote record refused by the database: set aside, not stored',
    );
  }
}

/** A journalled record: its reference, and its line (the JSON of its RecordColumns). */
interface Pending {
  reference: string;
  line: string;
}

/** The reference of a line read back from the journal; undefined when it is not a record's. */
function referenceOf(line: string): string | undefined {
  try {
    const columns = JSON.parse(line) as Partial<RecordColumns> | null;
    return typeof columns?.reference === 'string' && typeof columns.token_hash === 'string'
      ? columns.reference
      : undefined;
  } catch {
    return undefined;
  }
}
