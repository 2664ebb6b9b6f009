import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quote } from '@/lib/api/quote';
import { openDatabase, type Database } from '@/lib/db/connect';
import { seedEmbeddedDatabase } from '../../test/support/embedded-database';
import { recordStoreOn } from '../../test/support/record-store';
import type { JournalledQuoteRecordStore } from './journalled-store';
import { startRecordPurge } from './purge';
import type { NewQuoteRecord } from './record';

const RECORD: NewQuoteRecord = {
  dispatcherEmail: 'purga@acme.mx',
  courierClientId: 1,
  language: 'es-MX',
  stops: [
    {
      letter: 'A',
      street: 'Varsovia',
      exteriorNumber: '36',
      neighborhood: 'Juárez',
      zipCode: '06600',
      lat: 19.42,
      lng: -99.16,
    },
  ],
  quote: { total: 35, distanceKm: 1.58, etaMinutes: 12 } as Quote,
  issuedAt: new Date(),
  expiresAt: new Date(),
};
const SECRET = 'purge-tests-secret-0123456789-0123456789';
const VIEWER = { email: 'purga@acme.mx', courierClientId: 1 };

describe('the retention purge', () => {
  let dir: string;
  let database: Database;
  let store: JournalledQuoteRecordStore;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dq-purge-'));
    await seedEmbeddedDatabase(dir);
    database = openDatabase({ kind: 'embedded', dir: join(dir, 'pglite') });
    store = recordStoreOn(database, SECRET);
    await database.ready();
  });

  afterAll(async () => {
    store?.close();
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const ageBy = async (reference: string, days: number) => {
    await store.stored();
    await database.db.execute(
      sql`update quote_records set created_at = now() - ${days} * interval '1 day' where reference = ${reference}`,
    );
  };

  it('runs by itself and deletes only what is older than QUOTE_RETENTION', async () => {
    const old = await store.save(RECORD);
    const young = await store.save(RECORD);
    await ageBy(old.reference, 91);
    await ageBy(young.reference, 89);
    const purge = startRecordPurge(store, 90 * 86_400, { intervalMs: 100, firstDelayMs: 50 });
    try {
      await expect
        .poll(() => store.byReference(old.reference, VIEWER), { interval: 100, timeout: 10_000 })
        .toBeUndefined();
      expect(await store.byReference(young.reference, VIEWER)).toBeDefined();
    } finally {
      purge.stop();
    }
  });

  it('two instances purging at once delete each record once, and neither fails', async () => {
    const references = [];
    for (let i = 0; i < 6; i += 1) references.push((await store.save(RECORD)).reference);
    for (const reference of references) await ageBy(reference, 120);
    const first = startRecordPurge(store, 90 * 86_400, { firstDelayMs: 3_600_000 });
    const second = startRecordPurge(store, 90 * 86_400, { firstDelayMs: 3_600_000 });
    try {
      const purged = await Promise.all([first.runOnce(), second.runOnce()]);
      expect(purged[0] + purged[1]).toBe(6);
      expect(await first.runOnce()).toBe(0);
    } finally {
      first.stop();
      second.stop();
    }
  });

  it('a purge that fails (the database away) waits for its next turn without throwing', async () => {
    const closed = openDatabase({ kind: 'server', url: 'postgresql://nobody@127.0.0.1:1/none' });
    const unreachable = recordStoreOn(closed, SECRET);
    const purge = startRecordPurge(unreachable, 86_400, { firstDelayMs: 3_600_000 });
    try {
      await expect(purge.runOnce()).resolves.toBe(0);
    } finally {
      purge.stop();
      await closed.close();
    }
  });
});
