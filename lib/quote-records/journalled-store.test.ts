import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '@/lib/db/connect';
import { isDatabaseOutage } from '@/lib/db/outage';
import { quoteRecords } from '@/lib/db/schema';
import { RECORDED_QUOTE, RECORDED_STOPS } from '../../test/fixtures/recorded-quote-record';
import { seedEmbeddedDatabase } from '../../test/support/embedded-database';
import { recordDatabaseOn, recordStoreOn } from '../../test/support/record-store';
import type { NewQuoteRecord } from './record';
import { REFERENCE_ALPHABET } from './reference';
import { RESERVATION_BATCH } from './reference-pool';

const SECRET = 'journal-tests-secret-0123456789-0123456789';
const VIEWER = { email: 'diario@acme.mx', courierClientId: 7 };
const RECORD: NewQuoteRecord = {
  dispatcherEmail: VIEWER.email,
  courierClientId: VIEWER.courierClientId,
  language: 'es-MX',
  stops: RECORDED_STOPS,
  quote: RECORDED_QUOTE,
  issuedAt: new Date('2026-11-20T18:00:00.000Z'),
  expiresAt: new Date('2026-11-20T18:15:00.000Z'),
};

/** References `DQ-` + `prefix` + a count in the reference alphabet: distinct, and told apart by prefix. */
function referencesFrom(prefix: string, first: string[] = []) {
  const queue = [...first];
  let count = 0;
  return () => {
    const next = queue.shift();
    if (next) return next;
    let code = '';
    for (let n = count++, i = 0; i < 6 - prefix.length; i += 1, n = Math.floor(n / 30)) {
      code = REFERENCE_ALPHABET[n % 30] + code;
    }
    return `DQ-${prefix}${code}`;
  };
}

async function seededDatabase(): Promise<{ dir: string; database: Database }> {
  const dir = mkdtempSync(join(tmpdir(), 'dq-journal-store-'));
  await seedEmbeddedDatabase(dir);
  const database = openDatabase({ kind: 'embedded', dir: join(dir, 'pglite') });
  await database.ready();
  return { dir, database };
}

const journalIn = (dir: string) => join(dir, 'quote-records.journal');
const journalText = (path: string) => readFileSync(path, 'utf8');

describe('quote records through the journal (PGlite)', () => {
  let dir: string;
  let database: Database;

  beforeAll(async () => {
    ({ dir, database } = await seededDatabase());
  });

  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function inTable(reference: string): Promise<boolean> {
    const [row] = await database.db
      .select({ reference: quoteRecords.reference })
      .from(quoteRecords)
      .where(eq(quoteRecords.reference, reference));
    return row !== undefined;
  }

  it('a quote is answered once its record is journalled; the table has it right after, dated when answered', async () => {
    const journal = journalIn(mkdtempSync(join(tmpdir(), 'dq-journal-')));
    const store = recordStoreOn(database, SECRET, { journalPath: journal });
    const before = Date.now();
    const saved = await store.save(RECORD);
    const answeredAt = Date.now();
    expect(journalText(journal)).toContain(saved.reference);

    await store.stored();
    expect(await inTable(saved.reference)).toBe(true);
    expect(journalText(journal)).toBe('');
    const found = await store.byReference(saved.reference, VIEWER);
    expect(found).toMatchObject({ reference: saved.reference, quote: RECORDED_QUOTE });
    expect(found!.createdAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(found!.createdAt.getTime()).toBeLessThanOrEqual(answeredAt);
    store.close();
  });

  it('a stop before the record reached the table loses nothing: the next start stores the journal’s lines as answered, a line cut short aside', async () => {
    const journal = journalIn(mkdtempSync(join(tmpdir(), 'dq-journal-')));
    const first = recordStoreOn(database, SECRET, { journalPath: journal });
    const saved = await Promise.all([first.save(RECORD), first.save(RECORD)]);
    // The process ends before its records are stored (that was due just after the answers).
    first.close();
    appendFileSync(journal, '{"reference":"DQ-2');
    for (const { reference } of saved) expect(await inTable(reference)).toBe(false);
    const answeredAt = journalText(journal)
      .split('\n')
      .slice(0, 2)
      .map((line) => (JSON.parse(line) as { created_at: string }).created_at);

    const next = recordStoreOn(database, SECRET, { journalPath: journal });
    for (const [index, { reference, customerUrl }] of saved.entries()) {
      const found = await next.byReference(reference, VIEWER);
      expect(found).toMatchObject({ reference, customerUrl, quote: RECORDED_QUOTE });
      expect(found!.createdAt.toISOString()).toBe(answeredAt[index]);
    }
    expect(journalText(journal)).toBe('');
    next.close();
  });

  it('a line cut short by a crash does not swallow the next start’s first line', async () => {
    const journal = journalIn(mkdtempSync(join(tmpdir(), 'dq-journal-')));
    appendFileSync(journal, '{"reference":"DQ-2');
    // Started again on the cut line, answered one quote, and stopped before storing it.
    const restarted = recordStoreOn(database, SECRET, { journalPath: journal });
    const saved = await restarted.save(RECORD);
    restarted.close();

    const next = recordStoreOn(database, SECRET, { journalPath: journal });
    expect(await next.byReference(saved.reference, VIEWER)).toMatchObject({
      reference: saved.reference,
    });
    next.close();
  });

  it('quotes that never leave the flush a pause: the journal is written again with the waiting lines alone once it outgrows its bound', async () => {
    const journal = journalIn(mkdtempSync(join(tmpdir(), 'dq-journal-')));
    const store = recordStoreOn(database, SECRET, { journalPath: journal, journalRewriteBytes: 1 });
    const first = await Promise.all([store.save(RECORD), store.save(RECORD)]);
    const flushing = store.stored();
    // Saved while those two go to the table: journalled, still waiting when the flush ends.
    const waiting = await store.save(RECORD);
    await flushing;
    for (const { reference } of first) expect(await inTable(reference)).toBe(true);
    const references = journalText(journal)
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { reference: string }).reference);
    expect(references).toEqual([waiting.reference]);

    // Appends go on in the new file; a stop now loses nothing.
    const next = await store.save(RECORD);
    store.close();
    const restarted = recordStoreOn(database, SECRET, { journalPath: journal });
    for (const { reference } of [waiting, next]) {
      expect(await restarted.byReference(reference, VIEWER)).toMatchObject({ reference });
    }
    expect(journalText(journal)).toBe('');
    restarted.close();
  });

  it('a journal that cannot be written again (a full disk) keeps its stored lines too, and is emptied later', async () => {
    const journal = journalIn(mkdtempSync(join(tmpdir(), 'dq-journal-')));
    // The new file cannot be made: its name is taken by a directory.
    mkdirSync(`${journal}.next`);
    const store = recordStoreOn(database, SECRET, { journalPath: journal, journalRewriteBytes: 1 });
    const first = await Promise.all([store.save(RECORD), store.save(RECORD)]);
    const flushing = store.stored();
    const waiting = await store.save(RECORD);
    await flushing;
    for (const { reference } of [...first, waiting]) {
      expect(journalText(journal)).toContain(reference);
    }
    await store.stored();
    expect(journalText(journal)).toBe('');
    store.close();
  });

  it('a reference a record holds, or another instance reserved, is never handed out', async () => {
    const one = recordStoreOn(database, SECRET, { drawReference: referencesFrom('22') });
    const held = (await one.save(RECORD)).reference;
    await one.stored();
    // `one` reserved a batch of the first references its sequence draws: one is a record now.
    const ahead = referencesFrom('22');
    const batch = Array.from({ length: RESERVATION_BATCH }, () => ahead());
    expect(batch).toContain(held);
    const unusedOfOne = batch.find((reference) => reference !== held)!;

    // A day on, the purge has deleted the record's reservation: the record alone holds it now.
    await database.db.execute(
      sql`delete from quote_reference_reservations where reference = ${held}`,
    );
    const sqlOnly = recordDatabaseOn(database, SECRET);
    expect(await sqlOnly.reserveReferences([held, unusedOfOne, 'DQ-ZZZZZZ'])).toEqual([
      'DQ-ZZZZZZ',
    ]);

    const other = recordStoreOn(database, SECRET, {
      drawReference: referencesFrom('33', [held, unusedOfOne]),
    });
    const drawn = (await other.save(RECORD)).reference;
    expect(drawn).toMatch(/^DQ-33/);
    expect(await other.byReference(held, VIEWER)).toMatchObject({ reference: held });
    one.close();
    other.close();
  });

  it('records go to the table several in one insert; one the database refuses is set aside, the batch’s others stored', async () => {
    const journal = journalIn(mkdtempSync(join(tmpdir(), 'dq-journal-')));
    const store = recordStoreOn(database, SECRET, { journalPath: journal });
    await database.db.execute(
      sql`alter table quote_records add constraint refuses_rechazada check (search_text not like '%rechazada%') not valid`,
    );
    try {
      const refusedStop = { ...RECORD.stops[0]!, street: 'Rechazada' };
      const [before, refused, after] = await Promise.all([
        store.save(RECORD),
        store.save({ ...RECORD, stops: [refusedStop, RECORD.stops[1]!] }),
        store.save(RECORD),
      ]);
      await store.stored();
      expect(await inTable(before!.reference)).toBe(true);
      expect(await inTable(after!.reference)).toBe(true);
      expect(await inTable(refused!.reference)).toBe(false);
      const setAside = journalText(`${journal}.refused`);
      expect(setAside).toContain(refused!.reference);
      expect(setAside).not.toContain(before!.reference);
      expect(journalText(journal)).toBe('');
    } finally {
      await database.db.execute(sql`alter table quote_records drop constraint refuses_rechazada`);
      store.close();
    }
  });

  it('the database away: journalled records wait for it; new quotes get no reference until it answers', async () => {
    const own = await seededDatabase();
    const journal = journalIn(own.dir);
    const store = recordStoreOn(own.database, SECRET, { journalPath: journal, retryMs: 20 });
    await store.save(RECORD);
    await store.stored();

    await own.database.close();
    // Answered before anything noticed: journalled, with a reference reserved earlier.
    const waiting = await store.save(RECORD);
    await store.stored();
    expect(journalText(journal)).toContain(waiting.reference);
    const refused = await store.save(RECORD).catch((error: unknown) => error);
    expect(isDatabaseOutage(refused)).toBe(true);
    store.close();

    // Back (the same data opened again, as at a restart): the waiting record is stored.
    const back = openDatabase({ kind: 'embedded', dir: join(own.dir, 'pglite') });
    const after = recordStoreOn(back, SECRET, { journalPath: journal, retryMs: 50 });
    expect(await after.byReference(waiting.reference, VIEWER)).toMatchObject({
      reference: waiting.reference,
    });
    // Emptied once the store knows the line stored: at once, or, when the first insert outlasted
    // DATABASE_TIMEOUT_MS while PGlite opened (seen at load 10: the insert went on, and was found
    // stored by the retry), at the retry.
    await vi.waitFor(() => expect(journalText(journal)).toBe(''), { timeout: 15_000 });
    after.close();
    await back.close();
    rmSync(own.dir, { recursive: true, force: true });
  }, 90_000);
});
