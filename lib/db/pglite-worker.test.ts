import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEmbeddedDatabase } from '../../test/support/embedded-database';
import { openDatabase, type Database } from './connect';
import { databaseErrorSummary } from './outage';
import { MAX_STATEMENTS } from './pglite-options.mjs';

/** One value of each type the records use, as the app sends them (Drizzle's driver values). */
const typed = (text: string) =>
  sql
    .raw(text)
    .append(
      sql` select ${7}::int as count, ${'{"total":35.5}'}::jsonb as quote, ${'2026-11-20T18:00:00.000Z'}::timestamptz as at, ${Buffer.from([1, 2, 254])}::bytea as hash, ${'35.00'}::numeric(12,2) as total, ${null}::text as customer`,
    );

describe('the embedded database’s thread', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'dq-pglite-worker-'));
  let database: Database;
  beforeAll(async () => {
    await seedEmbeddedDatabase(dataDir);
    database = openDatabase({ kind: 'embedded', dir: join(dataDir, 'pglite') });
    await database.ready();
  });
  afterAll(async () => {
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  // First: the statements below are still kept parsed (the next test fills the thread's room).
  it('a statement that fails to parse or to run gives its SQLSTATE, and the next one runs', async () => {
    const divided = (by: number) =>
      database.db.execute(sql`/* divide */ select 10 / ${by}::int as quotient`);
    const summaryOf = async (call: () => Promise<unknown>) =>
      databaseErrorSummary(
        await call().then(
          () => new Error('expected it to fail'),
          (e) => e,
        ),
      );

    expect(await summaryOf(() => database.db.execute(sql.raw('selec 1')))).toMatchObject({
      code: '42601',
    });
    expect(await summaryOf(() => divided(0))).toMatchObject({ code: '22012' });
    expect(await divided(5)).toEqual([{ quotient: 2 }]);
    expect(await database.db.execute(sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });

  it('answers a query kept parsed exactly as PGlite parses it each time: the same values and types', async () => {
    // The first run parses the text as a named statement, the second binds it again.
    const first = await database.db.execute(typed('/* kept */'));
    const again = await database.db.execute(typed('/* kept */'));
    // Texts beyond what the thread keeps parsed go through PGlite's own `query`.
    for (let index = 0; index < MAX_STATEMENTS; index += 1) {
      await database.db.execute(sql.raw(`select ${index} as filler`));
    }
    const parsedEachTime = await database.db.execute(typed('/* not kept */'));

    expect(first).toEqual(again);
    expect(first).toEqual(parsedEachTime);
    expect(first).toEqual([
      {
        count: 7,
        quote: { total: 35.5 },
        at: new Date('2026-11-20T18:00:00.000Z'),
        hash: new Uint8Array([1, 2, 254]),
        total: '35.00',
        customer: null,
      },
    ]);
  });
});
