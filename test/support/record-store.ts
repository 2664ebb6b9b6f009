import type { Database } from '@/lib/db/connect';
import { PostgresQuoteRecordStore } from '@/lib/quote-records/postgres-store';
import { ValueSealer } from '@/lib/redis/sealed-value';

/**
 * The quote record store on a database the test opened, made as the app makes its own
 * (lib/quote-records/index.ts): customer tokens sealed with `secret` for the customer link, days
 * counted in the courier's Mexico City time (`options`: a smaller search window, for its test).
 */
export const recordStoreOn = (
  database: Database,
  secret: string,
  options: { searchWindow?: number } = {},
) =>
  new PostgresQuoteRecordStore({
    db: database.db,
    ready: () => database.ready(),
    sealer: new ValueSealer(secret, 'customer-link'),
    timeZone: 'America/Mexico_City',
    ...options,
  });
