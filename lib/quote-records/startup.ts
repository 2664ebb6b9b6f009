import 'server-only';
import { database } from '@/lib/db/connect';
import { env } from '@/lib/env';
import { processSingleton } from '@/lib/process-singleton';
import { quoteRecordStore } from './index';
import { startRecordPurge } from './purge';

/**
 * At start-up: migrates the database, waiting up to `waitMs` (a first start of the embedded one
 * creates its cluster: seconds), and starts the retention purge. Says how it went; never stops
 * the start (a server may come later: quotes go without a record meanwhile).
 */
export async function startQuoteRecords(waitMs = 60_000): Promise<'ready' | 'waiting'> {
  let timer: NodeJS.Timeout | undefined;
  const ready = await Promise.race([
    database()
      .ready()
      .then(
        () => true,
        () => false,
      ),
    new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), waitMs);
    }),
  ]);
  clearTimeout(timer);
  processSingleton('quote-records:purge', () =>
    startRecordPurge(quoteRecordStore(), env.quoteRetentionSeconds),
  );
  return ready ? 'ready' : 'waiting';
}
