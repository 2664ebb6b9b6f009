// How the embedded database (PGlite) is opened, in one place: by the thread that holds it for the
// app (./pglite-worker.mjs), by the tests' migrated template (test/support/embedded-database.ts)
// and by the bench's seed (bench/lib/seed-records.mjs). Its extensions are those the migrations
// create: pg_trgm (0000) and btree_gin (0002). A migration that needs another adds it here.
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export const PGLITE_OPTIONS = { extensions: { btree_gin, pg_trgm } };

/**
 * How many SQL texts the embedded database's thread keeps parsed as named statements
 * (./pglite-worker.mjs); texts beyond them are parsed each time they run.
 */
export const MAX_STATEMENTS = 200;
