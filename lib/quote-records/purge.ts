import 'server-only';
import { log as rootLog } from '@/lib/log';
import type { QuoteRecordStore } from './record';

/** How often an instance deletes the records past QUOTE_RETENTION. */
export const PURGE_INTERVAL_MS = 60 * 60_000;
/** The first purge waits a little: a starting instance has quotes to answer first. */
export const FIRST_PURGE_DELAY_MS = 60_000;

export interface RecordPurge {
  /** Deletes what is past retention now; how many records it deleted (0 when it failed). */
  runOnce(): Promise<number>;
  stop(): void;
}

/**
 * Deletes records older than `retentionSeconds`, by itself, every `intervalMs`. Every instance
 * runs its own: a purge that finds nothing left (another instance's ran first) deletes nothing,
 * and a failed one (the database away) waits for the next turn.
 */
export function startRecordPurge(
  store: QuoteRecordStore,
  retentionSeconds: number,
  {
    intervalMs = PURGE_INTERVAL_MS,
    firstDelayMs = FIRST_PURGE_DELAY_MS,
    log = rootLog,
  }: { intervalMs?: number; firstDelayMs?: number; log?: typeof rootLog } = {},
): RecordPurge {
  let running: Promise<number> | undefined;
  const runOnce = () =>
    (running ??= (async () => {
      const cutoff = new Date(Date.now() - retentionSeconds * 1000);
      try {
        const purged = await store.purgeOlderThan(cutoff);
        if (purged > 0) {
          log.info(
            { purged, before: cutoff.toISOString() },
            'quote records past retention deleted',
          );
        }
        return purged;
      } catch (error) {
        log.warn(
          { code: (error as { code?: string }).code ?? (error as Error).name },
          'quote records purge failed: tried again at the next turn',
        );
        return 0;
      } finally {
        running = undefined;
      }
    })());
  const first = setTimeout(() => void runOnce(), firstDelayMs);
  const every = setInterval(() => void runOnce(), intervalMs);
  first.unref();
  every.unref();
  return {
    runOnce,
    stop() {
      clearTimeout(first);
      clearInterval(every);
    },
  };
}
