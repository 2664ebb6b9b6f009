import 'server-only';
import { join } from 'node:path';
import { database } from '@/lib/db/connect';
import { env } from '@/lib/env';
import { processSingleton } from '@/lib/process-singleton';
import { ValueSealer } from '@/lib/redis/sealed-value';
import { JournalledQuoteRecordStore } from './journalled-store';
import { PostgresQuoteRecordStore } from './postgres-store';
import { RecordJournal } from './record-journal';
import type { QuoteRecordStore } from './record';

export type * from './record';
export { normalizeReference } from './reference';

/** Under DATA_DIR: the records answered and not yet in the database (./record-journal.ts). */
export const RECORD_JOURNAL_FILE = 'quote-records.journal';

/** This process's quote records, in the configured database (lib/db). */
export function quoteRecordStore(): QuoteRecordStore {
  return processSingleton('quote-records:store', () => {
    const db = database();
    return new JournalledQuoteRecordStore({
      database: new PostgresQuoteRecordStore({
        db: db.db,
        ready: () => db.ready(),
        sealer: new ValueSealer(env.session.secret, 'customer-link'),
        timeZone: env.courier.timeZone,
      }),
      journal: new RecordJournal(join(env.dataDir, RECORD_JOURNAL_FILE)),
    });
  });
}
