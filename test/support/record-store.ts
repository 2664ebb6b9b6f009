import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '@/lib/db/connect';
import { JournalledQuoteRecordStore } from '@/lib/quote-records/journalled-store';
import { PostgresQuoteRecordStore } from '@/lib/quote-records/postgres-store';
import { RecordJournal } from '@/lib/quote-records/record-journal';
import { ValueSealer } from '@/lib/redis/sealed-value';

export interface RecordStoreOptions {
  searchWindow?: number;
  /** The journal's file (default: a new one in a temp directory). */
  journalPath?: string;
  drawReference?: () => string;
  retryMs?: number;
  journalRewriteBytes?: number;
}

/** The records' SQL on a database the test opened, as the app makes it (lib/quote-records/index.ts). */
export const recordDatabaseOn = (
  database: Database,
  secret: string,
  { searchWindow }: { searchWindow?: number } = {},
) =>
  new PostgresQuoteRecordStore({
    db: database.db,
    ready: () => database.ready(),
    sealer: new ValueSealer(secret, 'customer-link'),
    timeZone: 'America/Mexico_City',
    ...(searchWindow === undefined ? {} : { searchWindow }),
  });

/**
 * The quote record store on a database the test opened, made as the app makes its own
 * (lib/quote-records/index.ts): customer tokens sealed with `secret` for the customer link, days
 * counted in the courier's Mexico City time, a journal of its own (`options`: a smaller search
 * window, a given journal, references drawn from a list).
 */
export const recordStoreOn = (
  database: Database,
  secret: string,
  { journalPath, drawReference, retryMs, journalRewriteBytes, ...sql }: RecordStoreOptions = {},
) =>
  new JournalledQuoteRecordStore({
    database: recordDatabaseOn(database, secret, sql),
    journal: new RecordJournal(
      journalPath ?? join(mkdtempSync(join(tmpdir(), 'dq-journal-')), 'quote-records.journal'),
    ),
    ...(drawReference ? { drawReference } : {}),
    ...(retryMs === undefined ? {} : { retryMs }),
    ...(journalRewriteBytes === undefined ? {} : { rewriteBytes: journalRewriteBytes }),
  });
