import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresServer, type PostgresServer } from '../test/support/postgres-server';

const ROOT = join(import.meta.dirname, '..');

function migrate(env: Record<string, string>) {
  return spawnSync(process.execPath, [join(ROOT, 'scripts', 'db-migrate.mjs')], {
    cwd: ROOT,
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      ...env,
    },
    timeout: 120_000,
  });
}

describe('npm run db:migrate', () => {
  let postgres: PostgresServer;
  let url: string;

  beforeAll(async () => {
    postgres = await startPostgresServer();
    url = await postgres.createDatabase();
  }, 60_000);
  afterAll(() => postgres?.close());

  it('creates the quote records’ table on the server DATABASE_URL names, and a second run changes nothing', async () => {
    const first = migrate({ DATABASE_URL: url });
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain('applied to the PostgreSQL server at DATABASE_URL');
    expect(first.stdout + first.stderr).not.toContain(url);
    expect(migrate({ DATABASE_URL: url }).status).toBe(0);

    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      const applied = await client.query(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      // One row per file of lib/db/migrations: every migration ran, once.
      const files = readdirSync(join(ROOT, 'lib', 'db', 'migrations'));
      expect(applied.rows[0].n).toBe(files.filter((name) => name.endsWith('.sql')).length);
      const columns = await client.query(
        `select column_name from information_schema.columns where table_name = 'quote_records'`,
      );
      expect(columns.rows.map((row) => row.column_name)).toEqual(
        expect.arrayContaining([
          'reference',
          'customer_token_hash',
          'stops',
          'quote',
          'customer',
          'expires_at',
        ]),
      );
    } finally {
      await client.end();
    }
  }, 120_000);

  it('a server that does not answer fails the command, saying so', () => {
    const result = migrate({ DATABASE_URL: 'postgresql://nobody@127.0.0.1:1/none' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('the migrations could not run on the PostgreSQL server');
  }, 120_000);
});
