import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { Pool } from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { seedEmbeddedDatabase } from '../../test/support/embedded-database';
import { startPostgresServer } from '../../test/support/postgres-server';
import {
  DatabaseTimeout,
  openDatabase,
  STATEMENT_TIMEOUT_MS,
  withinDatabaseTimeout,
} from './connect';
import { databaseErrorSummary, DatabaseUnreachable, isDatabaseOutage } from './outage';

/** What a call rejects with (the test fails if it resolves). */
async function rejectionOf(call: () => PromiseLike<unknown>): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

/** The shape node-postgres gives a server's error, and Drizzle's wrapping of it. */
const serverError = (code: string, message = 'from the server') =>
  Object.assign(new Error(message), { code });
const wrapped = (cause: unknown) =>
  Object.assign(new Error('Failed query: insert into "quote_records" …\nparams: ana@acme.mx'), {
    cause,
  });

describe('an outage, as told apart from an error of the statement', () => {
  it('the server shut down, crashing, starting, full or too slow, or the connection lost: an outage', () => {
    for (const code of [
      ...['57P01', '57P02', '57P03', '53300', '57014'],
      ...['08000', '08003', '08006', '08001'],
    ]) {
      expect(isDatabaseOutage(wrapped(serverError(code))), code).toBe(true);
    }
  });

  it('a constraint, bad data, a missing table or a bug in the statement: not an outage', () => {
    for (const code of ['23505', '23514', '22021', '22P05', '42P01', '42703', '08P01']) {
      expect(isDatabaseOutage(wrapped(serverError(code))), code).toBe(false);
    }
    expect(
      isDatabaseOutage(new TypeError("Cannot read properties of undefined (reading 'id')")),
    ).toBe(false);
    expect(isDatabaseOutage(new Error('no unused quote reference after 5 attempts'))).toBe(false);
    expect(isDatabaseOutage(undefined)).toBe(false);
  });

  it('a store that did not answer in time, or an embedded database whose thread ended: an outage', async () => {
    const never = new Promise(() => {});
    const late = await rejectionOf(() => withinDatabaseTimeout(never));
    expect(late).toBeInstanceOf(DatabaseTimeout);
    expect(isDatabaseOutage(late)).toBe(true);
    expect(isDatabaseOutage(wrapped(new DatabaseUnreachable('thread ended')))).toBe(true);
  });

  describe('with a real driver', () => {
    const servers: Server[] = [];
    const sockets: Socket[] = [];
    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
    });

    /** A loopback port: listening and never answering, or (closed) refusing. */
    async function port(listening: boolean): Promise<number> {
      const server = createServer((socket) => void sockets.push(socket));
      await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
      const { port } = server.address() as { port: number };
      if (listening) servers.push(server);
      else await new Promise((done) => server.close(done));
      return port;
    }

    async function queryAt(port: number) {
      const pool = new Pool({
        connectionString: `postgresql://app:secret@127.0.0.1:${port}/quotes`,
        connectionTimeoutMillis: 300,
      });
      try {
        return await rejectionOf(() => pool.query('select 1'));
      } finally {
        await pool.end();
      }
    }

    it('node-postgres refused by a closed port: an outage, named ECONNREFUSED', async () => {
      const error = await queryAt(await port(false));
      expect(isDatabaseOutage(error)).toBe(true);
      expect(databaseErrorSummary(error).code).toBe('ECONNREFUSED');
    });

    it('node-postgres at a port that never answers: its connection timeout is an outage', async () => {
      const error = await queryAt(await port(true));
      expect((error as Error).message).toMatch(/timeout/i);
      expect(isDatabaseOutage(error)).toBe(true);
    });

    it('a statement still running after STATEMENT_TIMEOUT_MS: the server ends it, and that is an outage', async () => {
      const server = await startPostgresServer();
      const database = openDatabase({ kind: 'server', url: await server.createDatabase() });
      try {
        const error = await rejectionOf(() =>
          database.db.execute(sql`select pg_sleep(${(STATEMENT_TIMEOUT_MS * 3) / 1000})`),
        );
        // The server's own statement timeout ended it (57014 with that reason), not the sleep's
        // end nor a cancel from the client: told by what the server said, not by the clock.
        expect(databaseErrorSummary(error)).toMatchObject({
          code: '57014',
          message: expect.stringMatching(/statement timeout/),
        });
        expect(isDatabaseOutage(error)).toBe(true);
      } finally {
        await database.close();
        await server.close();
      }
    }, 60_000);
  });

  describe('from the embedded database’s thread', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'dq-outage-'));
    let database: ReturnType<typeof openDatabase> | undefined;
    afterAll(async () => {
      await database?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('a statement’s error keeps its SQLSTATE across the thread, is not an outage, and logs no parameter', async () => {
      await seedEmbeddedDatabase(dataDir);
      database = openDatabase({ kind: 'embedded', dir: join(dataDir, 'pglite') });
      await database.ready();
      const error = await rejectionOf(() =>
        database!.db.execute(
          sql`insert into quote_records (reference) values (${'DQ-2345678'}) returning id`,
        ),
      );
      // A column without its value: not null violated, class 23.
      expect(databaseErrorSummary(error)).toEqual({
        code: '23502',
        message: expect.stringContaining('violates not-null constraint'),
      });
      expect(JSON.stringify(databaseErrorSummary(error))).not.toContain('DQ-2345678');
      expect(isDatabaseOutage(error)).toBe(false);

      await database.close();
      const gone = await rejectionOf(() => database!.db.execute(sql`select 1`));
      expect(isDatabaseOutage(gone)).toBe(true);
      database = undefined;
    }, 60_000);
  });
});
