import 'server-only';
import { database } from '@/lib/db/connect';
import { env } from '@/lib/env';
import { processSingleton } from '@/lib/process-singleton';
import { ValueSealer } from '@/lib/redis/sealed-value';
import { PostgresQuoteRecordStore } from './postgres-store';
import type { QuoteRecordStore } from './record';

export type * from './record';
export { normalizeReference } from './reference';

/** This process's quote records, in the configured database (lib/db). */
export function quoteRecordStore(): QuoteRecordStore {
  return processSingleton('quote-records:store', () => {
    const db = database();
    return new PostgresQuoteRecordStore({
      db: db.db,
      ready: () => db.ready(),
      sealer: new ValueSealer(env.session.secret, 'customer-link'),
      timeZone: env.courier.timeZone,
    });
  });
}
