import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@/lib/db/connect';
import { RECORDED_QUOTE as QUOTE } from '../../test/fixtures/recorded-quote-record';
import { startPostgresServer, type PostgresServer } from '../../test/support/postgres-server';
import { recordStoreOn } from '../../test/support/record-store';
import type { JournalledQuoteRecordStore } from './journalled-store';
import type { NewQuoteRecord, RecordedStop } from './record';
import { REFERENCE_ALPHABET } from './reference';

const stop = (letter: string, street: string, neighborhood: string): RecordedStop => ({
  letter,
  street,
  exteriorNumber: '36',
  interiorNumber: '2',
  neighborhood,
  zipCode: '06600',
  lat: 19.42,
  lng: -99.16,
});

const ANA = { email: 'ana@acme.mx', courierClientId: 10 };
const BETO = { email: 'beto@acme.mx', courierClientId: 10 };
const CARLA = { email: 'carla@otro.mx', courierClientId: 20 };

const recordOf = (
  dispatcher: { email: string; courierClientId?: number },
  stops = [stop('A', 'Varsovia', 'Juárez'), stop('B', 'Sonora', 'Hipódromo')],
): NewQuoteRecord => ({
  dispatcherEmail: dispatcher.email,
  ...(dispatcher.courierClientId === undefined
    ? {}
    : { courierClientId: dispatcher.courierClientId }),
  language: 'es-MX',
  stops,
  quote: QUOTE,
  issuedAt: new Date('2026-11-20T18:00:00.000Z'),
  expiresAt: new Date('2026-11-20T18:15:00.000Z'),
});

const engines = [
  { name: 'the embedded PostgreSQL (PGlite)', kind: 'embedded' as const },
  { name: 'a PostgreSQL server', kind: 'server' as const },
];

describe.each(engines)('quote records on $name', ({ kind }) => {
  let server: PostgresServer | undefined;
  let dir: string | undefined;
  let database: Database;
  let store: JournalledQuoteRecordStore;

  beforeAll(async () => {
    if (kind === 'server') {
      server = await startPostgresServer();
      database = openDatabase({ kind, url: await server.createDatabase() });
    } else {
      dir = mkdtempSync(join(tmpdir(), 'dq-pglite-'));
      database = openDatabase({ kind, dir });
    }
    store = recordStoreOn(database, 'store-tests-secret-0123456789-0123456789');
    // A first start of PGlite creates its cluster (initdb): seconds, longer on a loaded machine.
    await database.ready();
  });

  afterAll(async () => {
    store?.close();
    await database?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Moves records' creation back in time, as if made then (once the journal has stored them). */
  const createdAt = async (reference: string, at: string) => {
    await store.stored();
    await database.db.execute(
      sql`update quote_records set created_at = ${at}::timestamptz where reference = ${reference}`,
    );
  };

  it('a saved quote gets a reference read over the phone and a link, and keeps the trip and figures', async () => {
    const saved = await store.save(recordOf(ANA));
    expect(saved.reference).toMatch(new RegExp(`^DQ-[${REFERENCE_ALPHABET}]{6}$`));
    expect(saved.reference.slice(3)).not.toMatch(/[01OIL]/);
    expect(saved.customerUrl).toMatch(/^\/c\/[A-Za-z0-9_-]{22}$/);
    expect(saved.expiresAt.toISOString()).toBe('2026-11-20T18:15:00.000Z');

    const found = await store.byReference(saved.reference.toLowerCase(), ANA);
    expect(found).toMatchObject({
      reference: saved.reference,
      dispatcherEmail: 'ana@acme.mx',
      courierClientId: 10,
      language: 'es-MX',
      stops: recordOf(ANA).stops,
      quote: QUOTE,
      customerUrl: saved.customerUrl,
    });
    expect(found!.expiresAt.toISOString()).toBe('2026-11-20T18:15:00.000Z');
    expect(Date.now() - found!.createdAt.getTime()).toBeLessThan(60_000);

    const token = saved.customerUrl.slice('/c/'.length);
    expect((await store.byCustomerToken(token))?.reference).toBe(saved.reference);
    expect(await store.byCustomerToken(token.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')))).toBe(
      undefined,
    );
    // The database holds the token's hash and a sealed copy, never the token as it is.
    const rows = await database.db.execute(sql`select * from quote_records`);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('references are unique: the database refuses a second record with the same one', async () => {
    const saved = await store.save(recordOf(ANA));
    await store.stored();
    await expect(
      database.db.execute(
        sql`insert into quote_records (reference, customer_token_hash, customer_token_sealed, dispatcher_email, language, stops, quote, total, distance_km, eta_minutes, search_text, issued_at, expires_at)
            select reference, '\\x00', customer_token_sealed, dispatcher_email, language, stops, quote, total, distance_km, eta_minutes, search_text, issued_at, expires_at
            from quote_records where reference = ${saved.reference}`,
      ),
    ).rejects.toMatchObject({
      // unique_violation
      cause: expect.objectContaining({ code: '23505' }),
    });
  });

  it('a dispatcher sees their own records and their team’s, never another courier client’s', async () => {
    const anas = await store.save(recordOf(ANA));
    const betos = await store.save(recordOf(BETO));
    const carlas = await store.save(recordOf(CARLA));

    expect(await store.byReference(betos.reference, ANA)).toBeDefined();
    expect(await store.byReference(carlas.reference, ANA)).toBeUndefined();
    expect(await store.byReference(anas.reference, CARLA)).toBeUndefined();

    const mine = await store.list({ viewer: ANA, scope: 'mine', limit: 100 });
    const team = await store.list({ viewer: ANA, scope: 'team', limit: 100 });
    const references = (page: typeof mine) => page.records.map((record) => record.reference);
    expect(references(mine)).toContain(anas.reference);
    expect(references(mine)).not.toContain(betos.reference);
    expect(references(team)).toEqual(expect.arrayContaining([anas.reference, betos.reference]));
    expect(references(team)).not.toContain(carlas.reference);
    expect(team.records.every((record) => record.courierClientId === 10)).toBe(true);

    // Without a client named by the courier, the team is the dispatcher alone.
    const loner = { email: 'sola@example.com' };
    const lonely = await store.save(recordOf(loner));
    const lonerTeam = await store.list({ viewer: loner, scope: 'team' });
    expect(references(lonerTeam)).toEqual([lonely.reference]);
  });

  it('search finds a record by its reference, and by any words of a street or colonia, accents or not', async () => {
    const viewer = { email: 'busca@acme.mx', courierClientId: 30 };
    const roma = await store.save(
      recordOf(viewer, [stop('A', 'Álvaro Obregón', 'Roma Norte'), stop('B', 'Durango', 'Roma')]),
    );
    const polanco = await store.save(
      recordOf(viewer, [
        stop('A', 'Presidente Masaryk', 'Polanco'),
        stop('B', 'Séneca', 'Polanco'),
      ]),
    );
    const found = async (search: string) =>
      (await store.list({ viewer, scope: 'mine', search })).records.map((r) => r.reference);

    expect(await found(roma.reference)).toEqual([roma.reference]);
    expect(await found(roma.reference.slice(3).toLowerCase())).toEqual([roma.reference]);
    expect(await found('alvaro obregon')).toEqual([roma.reference]);
    expect(await found('SENECA')).toEqual([polanco.reference]);
    expect(await found('masar')).toEqual([polanco.reference]);
    expect(await found('roma')).toEqual([roma.reference]);
    expect(await found('roma polanco')).toEqual([]);
    expect(await found('insurgentes')).toEqual([]);
  });

  /**
   * A store whose searches read `searchWindow` records first, and `viewer`'s records saved in
   * `kinds`' order (oldest first): `m` one that "obregon" finds, `o` one it does not.
   */
  async function windowedRecords(
    searchWindow: number,
    viewer: { email: string; courierClientId?: number },
    kinds: string,
  ) {
    const windowed = recordStoreOn(database, 'store-tests-secret-0123456789-0123456789', {
      searchWindow,
    });
    const made: string[] = [];
    for (const kind of kinds) {
      const [street, colonia] =
        kind === 'm' ? ['Álvaro Obregón', 'Roma Norte'] : ['Durango', 'Roma Sur'];
      made.push((await windowed.save(recordOf(viewer, [stop('A', street, colonia)]))).reference);
    }
    return { windowed, made };
  }

  it('a search reads the newest records first, and the whole scope when they hold less than a page', async () => {
    // A window of 3: the first two pages come from it (two matches among the newest three), the
    // last from the whole scope (one match left in the window).
    const viewer = { email: 'ventana@acme.mx', courierClientId: 45 };
    const { windowed, made } = await windowedRecords(3, viewer, 'mmom');
    const [m1, m2, , m3] = made;
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await windowed.list({
        viewer,
        scope: 'mine',
        search: 'obregon',
        limit: 1,
        ...(cursor ? { cursor } : {}),
      });
      seen.push(...page.records.map((record) => record.reference));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([m3, m2, m1]);
    const two = await windowed.list({ viewer, scope: 'mine', search: 'Obregón', limit: 2 });
    expect(two.records.map((record) => record.reference)).toEqual([m3, m2]);
    expect(two.nextCursor).toBeDefined();
  });

  it('a window with part of a page reads on from its last match, missing and repeating none', async () => {
    // A window of 4 and pages of 2: the newest four hold two matches, a rate at which the third
    // lies within two more records, so the store reads on (twice that) from the second match.
    const viewer = { email: 'sigue@acme.mx', courierClientId: 46 };
    const { windowed, made } = await windowedRecords(4, viewer, 'momomom');
    const [m1, , m2, , m3, , m4] = made;
    const first = await windowed.list({ viewer, scope: 'mine', search: 'obregon', limit: 2 });
    expect(first.records.map((record) => record.reference)).toEqual([m4, m3]);
    expect(first.nextCursor).toBeDefined();
    const second = await windowed.list({
      viewer,
      scope: 'mine',
      search: 'obregon',
      limit: 2,
      cursor: first.nextCursor!,
    });
    expect(second.records.map((record) => record.reference)).toEqual([m2, m1]);
    expect(second.nextCursor).toBeUndefined();
    const three = await windowed.list({ viewer, scope: 'mine', search: 'obregon', limit: 3 });
    expect(three.records.map((record) => record.reference)).toEqual([m4, m3, m2]);
    expect(three.nextCursor).toBeDefined();
  });

  it('lists newest first, a page at a time, with no record missed or repeated', async () => {
    const viewer = { email: 'pagina@acme.mx', courierClientId: 40 };
    const made: string[] = [];
    for (let i = 0; i < 7; i += 1) made.push((await store.save(recordOf(viewer))).reference);
    // Two records made in the same microsecond: the id breaks the tie.
    await createdAt(made[2]!, '2026-11-20T10:00:00.123456Z');
    await createdAt(made[3]!, '2026-11-20T10:00:00.123456Z');

    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await store.list({
        viewer,
        scope: 'mine',
        limit: 2,
        ...(cursor ? { cursor } : {}),
      });
      expect(page.records.length).toBeLessThanOrEqual(2);
      seen.push(...page.records.map((record) => record.reference));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(7);
    expect(new Set(seen)).toEqual(new Set(made));
    expect(seen.slice(0, 5)).toEqual([made[6], made[5], made[4], made[1], made[0]]);
    expect(seen.slice(5)).toEqual([made[3], made[2]]);

    await expect(store.list({ viewer, scope: 'mine', cursor: 'not-a-cursor' })).rejects.toThrow(
      RangeError,
    );
  });

  it('filters by a day in the courier’s time zone', async () => {
    const viewer = { email: 'dia@acme.mx', courierClientId: 50 };
    const late = await store.save(recordOf(viewer));
    const next = await store.save(recordOf(viewer));
    // 23:30 in Mexico City on the 19th is 05:30 UTC on the 20th.
    await createdAt(late.reference, '2026-11-20T05:30:00Z');
    await createdAt(next.reference, '2026-11-20T06:30:00Z');
    const on = async (day: string) =>
      (await store.list({ viewer, scope: 'mine', day })).records.map((r) => r.reference);
    expect(await on('2026-11-19')).toEqual([late.reference]);
    expect(await on('2026-11-20')).toEqual([next.reference]);
    await expect(on('19/11/2026')).rejects.toThrow(RangeError);
  });

  it('a revoked link is marked on the record, by its dispatcher or team only', async () => {
    const saved = await store.save(recordOf(ANA));
    expect(await store.revokeLink(saved.reference, CARLA)).toBe(false);
    expect((await store.byReference(saved.reference, ANA))?.linkRevokedAt).toBeUndefined();
    expect(await store.revokeLink(saved.reference, BETO)).toBe(true);
    const revoked = await store.byReference(saved.reference, ANA);
    expect(revoked?.linkRevokedAt).toBeInstanceOf(Date);
    const token = saved.customerUrl.slice('/c/'.length);
    expect((await store.byCustomerToken(token))?.linkRevokedAt).toEqual(revoked?.linkRevokedAt);
    expect(await store.revokeLink(saved.reference, ANA)).toBe(true);
    expect((await store.byReference(saved.reference, ANA))?.linkRevokedAt).toEqual(
      revoked?.linkRevokedAt,
    );
  });

  it('exports every record of a period, oldest first, across pages', async () => {
    const viewer = { email: 'export@acme.mx', courierClientId: 60 };
    const first = await store.save(recordOf(viewer));
    await createdAt(first.reference, '2026-10-01T12:00:00Z');
    // 1,200 more (more than two export pages), copied in one statement.
    await database.db.execute(sql`
      insert into quote_records (reference, customer_token_hash, customer_token_sealed, dispatcher_email, courier_client_id, language, stops, quote, total, distance_km, eta_minutes, search_text, issued_at, expires_at, created_at)
      select 'DQ-X' || lpad(i::text, 5, '0'), sha256(('export-' || i)::bytea), customer_token_sealed, dispatcher_email, courier_client_id, language, stops, quote, total, distance_km, eta_minutes, search_text, issued_at, expires_at,
             '2026-10-02T00:00:00Z'::timestamptz + (i % 7) * interval '1 hour'
      from quote_records, generate_series(1, 1200) as i where reference = ${first.reference}`);
    const outside = await store.save(recordOf(viewer));

    const exported = [];
    for await (const record of store.exportRows({
      viewer,
      scope: 'team',
      from: new Date('2026-10-01T00:00:00Z'),
      to: new Date('2026-11-01T00:00:00Z'),
    })) {
      exported.push(record);
    }
    expect(exported).toHaveLength(1201);
    expect(exported[0]!.reference).toBe(first.reference);
    expect(new Set(exported.map((record) => record.reference)).size).toBe(1201);
    expect(exported.map((record) => record.reference)).not.toContain(outside.reference);
    const times = exported.map((record) => record.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(exported.map((r) => r.quote.total).reduce((a, b) => a + b, 0)).toBeCloseTo(
      QUOTE.total * 1201,
    );
  });

  it('the purge deletes the records older than the cutoff and keeps the rest', async () => {
    const viewer = { email: 'purga@acme.mx', courierClientId: 70 };
    const old = await store.save(recordOf(viewer));
    const recent = await store.save(recordOf(viewer));
    await createdAt(old.reference, '2020-01-01T00:00:00Z');
    expect(await store.purgeOlderThan(new Date('2021-01-01T00:00:00Z'))).toBe(1);
    expect(await store.byReference(old.reference, viewer)).toBeUndefined();
    expect(await store.byReference(recent.reference, viewer)).toBeDefined();
    expect(await store.purgeOlderThan(new Date('2021-01-01T00:00:00Z'))).toBe(0);
  });
});
