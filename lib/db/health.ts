import 'server-only';
import { database } from './connect';

export type DatabaseHealth = {
  kind: 'embedded' | 'server';
  /** `degraded`: quotes are answered without a record (no reference) until it answers. */
  status: 'up' | 'degraded';
  latencyMs?: number;
};

/** Whether the quote records' database answers now, within DATABASE_TIMEOUT_MS. */
export async function databaseHealth(): Promise<DatabaseHealth> {
  const db = database();
  const started = performance.now();
  return (await db.ping())
    ? { kind: db.kind, status: 'up', latencyMs: Math.round(performance.now() - started) }
    : { kind: db.kind, status: 'degraded' };
}
