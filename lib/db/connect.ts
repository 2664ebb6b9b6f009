import 'server-only';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { drizzle as drizzleServer } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleProxy } from 'drizzle-orm/pg-proxy';
import { Pool } from 'pg';
import { env } from '@/lib/env';
import { log } from '@/lib/log';
import { processSingleton } from '@/lib/process-singleton';
import { migrateDatabase, MIGRATIONS_FOLDER } from './migrate';
import { DatabaseUnreachable } from './outage';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseConfig = typeof env.database;

/**
 * The longest a quote waits for its record to be stored, or a connection to a server to open: a
 * database that is down or slow must not hold up quotes (they are answered without a record).
 */
export const DATABASE_TIMEOUT_MS = 2_000;

/** The longest a statement may run on a PostgreSQL server before the server ends it. */
export const STATEMENT_TIMEOUT_MS = DATABASE_TIMEOUT_MS * 2;

/** One connection (PGlite) or pool (a server) per process, migrated before its first use. */
export interface Database {
  readonly kind: DatabaseConfig['kind'];
  readonly db: Db;
  /** Resolves once the migrations ran; a failed run (server down at start) is tried again. */
  ready(): Promise<void>;
  /** Whether it is migrated and answers now (one `SELECT 1` within DATABASE_TIMEOUT_MS). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** This process's database, as configured (DATABASE_URL, else PGlite under DATA_DIR). */
export function database(): Database {
  return processSingleton('database', () => openDatabase(env.database));
}

/** Opens a database; tests and the migration command call it with a configuration of their own. */
export function openDatabase(config: DatabaseConfig): Database {
  const opened = config.kind === 'server' ? openServer(config.url) : openEmbedded(config.dir);
  let migrated: Promise<void> | undefined;
  return {
    kind: config.kind,
    db: opened.db,
    ready() {
      migrated ??= opened.migrate().catch((error: unknown) => {
        migrated = undefined;
        throw error;
      });
      return migrated;
    },
    async ping() {
      try {
        await withinDatabaseTimeout(this.ready().then(() => opened.db.execute('select 1')));
        return true;
      } catch {
        return false;
      }
    },
    close: opened.close,
  };
}

interface Opened {
  db: Db;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

function openServer(url: string): Opened {
  const pool = new Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: DATABASE_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    // A statement still running after this is ended by the server itself (SQLSTATE 57014, an
    // outage to lib/db/outage.ts), and keepalive finds a server that went away without a word.
    // Not node-postgres's `query_timeout`: its timer per query kept each answer's rows alive past
    // the young generation, and a 100,000-row export left 130–200 MB of them for the next full
    // collection (bench: records-export).
    statement_timeout: STATEMENT_TIMEOUT_MS,
    keepAlive: true,
    application_name: 'dispatch-quote',
  });
  // An idle connection the server closed (a restart): the pool opens another when next needed.
  pool.on('error', (error: Error & { code?: string }) =>
    log.warn({ database: 'server', code: error.code ?? error.name }, 'database connection lost'),
  );
  const db = drizzleServer({ client: pool, schema }) as unknown as Db;
  return {
    db,
    migrate: () => migrateDatabase({ pool }),
    close: () => pool.end(),
  };
}

/** Where the embedded database's thread starts (beside this module, read from the project). */
const PGLITE_WORKER = join(process.cwd(), 'lib', 'db', 'pglite-worker.mjs');

interface WorkerAnswer {
  id: number;
  rows?: unknown[];
  error?: { message: string; code?: string };
}

/**
 * PGlite in a worker thread (./pglite-worker.mjs), queried through Drizzle's proxy driver: the
 * same SQL and rows as in the app's thread, without holding up its other requests.
 */
function openEmbedded(dir: string): Opened {
  try {
    mkdirSync(dir, { recursive: true });
  } catch {
    // PGlite's start then fails too: `ready()` says why, and quotes go without a record.
  }
  const worker = new Worker(PGLITE_WORKER, { workerData: { dir } });
  // The app's shutdown never waits for the database's thread.
  worker.unref();
  const waiting = new Map<
    number,
    { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }
  >();
  let lastId = 0;
  let gone: Error | undefined;
  const failAll = (error: Error) => {
    gone = error;
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  worker.on('message', ({ id, rows, error }: WorkerAnswer) => {
    const call = waiting.get(id);
    waiting.delete(id);
    if (!call) return;
    if (error) call.reject(Object.assign(new Error(error.message), { code: error.code }));
    else call.resolve(rows ?? []);
  });
  worker.on('error', (error) =>
    failAll(new DatabaseUnreachable('the embedded database’s thread failed', { cause: error })),
  );
  worker.on('exit', () =>
    failAll(new DatabaseUnreachable('the embedded database’s thread has ended')),
  );
  const call = (message: Record<string, unknown>) =>
    new Promise<unknown[]>((resolve, reject) => {
      if (gone) return reject(gone);
      const id = ++lastId;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, ...message });
    });
  const db = drizzleProxy(
    async (sql, params, method) => ({
      rows: await call({ kind: 'query', sql, params, arrays: method === 'all' }),
    }),
    { schema },
  );
  return {
    db: db as unknown as Db,
    migrate: async () => {
      const { migrate } = await import('drizzle-orm/pg-proxy/migrator');
      await migrate(db, async (queries) => void (await call({ kind: 'migrate', queries })), {
        migrationsFolder: MIGRATIONS_FOLDER,
      });
    },
    close: async () => {
      if (!gone) await call({ kind: 'close' }).catch(() => {});
      await worker.terminate();
    },
  };
}

export class DatabaseTimeout extends Error {
  constructor() {
    super(`no answer from the database within ${DATABASE_TIMEOUT_MS} ms`);
    this.name = 'DatabaseTimeout';
  }
}

/** `call`, or a DatabaseTimeout after DATABASE_TIMEOUT_MS (the call itself may still finish). */
export function withinDatabaseTimeout<T>(call: PromiseLike<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new DatabaseTimeout()), DATABASE_TIMEOUT_MS);
    Promise.resolve(call).then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
