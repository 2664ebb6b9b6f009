import 'server-only';
import type { Pool } from 'pg';
import { MIGRATIONS_FOLDER } from './migrations-folder.mjs';

/** The versioned SQL both engines run, in order. */
export { MIGRATIONS_FOLDER };

/**
 * Any number for pg_advisory_lock, the same in every instance: instances starting together take
 * turns, and each after the first finds nothing left to run.
 */
const MIGRATION_LOCK = 271_828_182;

/**
 * Runs the migrations not yet applied to a server (drizzle's journal table records the applied
 * ones). The embedded database runs the same files in its own thread (./connect.ts).
 */
export async function migrateDatabase(target: { pool: Pool }): Promise<void> {
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const client = await target.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
