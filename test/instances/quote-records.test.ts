import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDED_TRIP } from '../contract/app-fixtures';
import { buildForProduction, startInstance, type AppInstance } from '../support/app-instances';
import { startPostgresServer, type PostgresServer } from '../support/postgres-server';
import { health, quoteThroughOutage, signedIn } from '../support/instance-quoting';

/**
 * Quote records in production instances (`next build`, then scripts/serve.mjs as `npm start`
 * runs it): on a PostgreSQL server two instances share, and in the embedded database of one
 * instance. A quote answered with a reference is stored: a kill -9 loses none of them.
 */

const QUOTING_SECONDS = 10;
const SESSIONS = 4;
const REFERENCE = /^DQ-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{6}$/;

const ENV = {
  SESSION_SECRET: 'quote-records-instances-session-secret-0123',
  COURIER_JWT_SECRET: 'quote-records-instances-courier-signing-key-01',
  COURIER_PRICING_TIME: '2026-11-20T12:00:00-06:00',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Quotes from SESSIONS tablets at `instance` for QUOTING_SECONDS, killing it (kill -9) halfway;
 * the references of the quotes it answered before dying.
 */
async function referencesAnsweredBeforeKill(instance: AppInstance): Promise<string[]> {
  const browsers = await Promise.all(
    Array.from({ length: SESSIONS }, (_, i) => signedIn(instance, `127.0.4.${i + 1}`)),
  );
  const references: string[] = [];
  const endAt = Date.now() + QUOTING_SECONDS * 1000;
  let killing = false;
  const killer = (async () => {
    await sleep((QUOTING_SECONDS * 1000) / 2);
    killing = true;
    await instance.kill();
  })();
  await Promise.all(
    browsers.map(async (browser) => {
      while (Date.now() < endAt && !killing) {
        try {
          const answer = await browser.request(instance, 'POST', '/api/quote', RECORDED_TRIP);
          expect(answer.status).toBe(200);
          if (answer.json.record) references.push(answer.json.record.reference);
        } catch (error) {
          // Only the kill may cut a quote off.
          if (!killing) throw error;
        }
      }
    }),
  );
  await killer;
  expect(instance.alive).toBe(false);
  return references;
}

beforeAll(() => buildForProduction(), 900_000);

describe('a PostgreSQL server shared by two instances', () => {
  let postgres: PostgresServer;
  let databaseUrl: string;
  const instances: AppInstance[] = [];

  /** The references stored in the server, read by the test itself. */
  async function storedReferences(): Promise<Set<string>> {
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ reference: string }>(
        'select reference from quote_records',
      );
      return new Set(rows.map((row) => row.reference));
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    postgres = await startPostgresServer();
    databaseUrl = await postgres.createDatabase();
    // One after another: two Next servers starting at once on two cores take longer than in turn.
    for (let i = 0; i < 2; i++) {
      instances.push(await startInstance({ ...ENV, DATABASE_URL: databaseUrl }));
    }
  }, 300_000);

  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.close()));
    await postgres?.close();
  }, 60_000);

  it('each instance’s quotes are records in the one database: references from both, none twice', async () => {
    const [first, second] = instances as [AppInstance, AppInstance];
    const browser = await signedIn(first, '127.0.4.100');
    const answers = [];
    for (let i = 0; i < 6; i++) {
      answers.push(
        await browser.request(i % 2 ? second : first, 'POST', '/api/quote', RECORDED_TRIP),
      );
    }
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    const references = answers.map((answer) => answer.json.record?.reference as string);
    references.forEach((reference) => expect(reference).toMatch(REFERENCE));
    expect(new Set(references).size).toBe(6);
    const stored = await storedReferences();
    expect(references.filter((reference) => !stored.has(reference))).toEqual([]);
    for (const instance of instances) {
      expect((await health(instance)).database).toMatchObject({ kind: 'server', status: 'up' });
    }
  }, 60_000);

  it('the server stopped mid-load: every quote still answered (without a reference), health degraded; back: references again', async () => {
    const browsers = await Promise.all(
      Array.from({ length: SESSIONS }, (_, i) => signedIn(instances[i % 2]!, `127.0.4.${20 + i}`)),
    );
    const answers = await quoteThroughOutage(
      { browsers, target: (i) => instances[i % 2]! },
      { stop: () => postgres.stop(), instances, part: 'database', kind: 'server' },
    );
    expect(answers.filter((answer) => !answer.json.record).length).toBeGreaterThan(0);

    await postgres.start();
    for (const [i, instance] of instances.entries()) {
      await expect
        .poll(
          async () =>
            (await browsers[i]!.request(instance, 'POST', '/api/quote', RECORDED_TRIP)).json.record
              ?.reference,
          { interval: 250, timeout: 15_000 },
        )
        .toMatch(REFERENCE);
      expect((await health(instance)).database.status).toBe('up');
    }
  }, 90_000);

  it(`kill -9 of an instance during ${QUOTING_SECONDS} s of quoting: every quote it answered with a reference is found after its restart`, async () => {
    const victim = instances[1]!;
    const references = await referencesAnsweredBeforeKill(victim);
    expect(references.length).toBeGreaterThan(SESSIONS);
    instances[1] = await startInstance({ ...ENV, DATABASE_URL: databaseUrl });
    const stored = await storedReferences();
    expect(references.filter((reference) => !stored.has(reference))).toEqual([]);
    const browser = await signedIn(instances[1], '127.0.4.101');
    const after = await browser.request(instances[1], 'POST', '/api/quote', RECORDED_TRIP);
    expect(after.json.record?.reference).toMatch(REFERENCE);
  }, 180_000);
});

describe('the embedded database of one instance', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'dq-embedded-instance-'));
  let instance: AppInstance | undefined;

  afterAll(async () => {
    await instance?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`kill -9 during ${QUOTING_SECONDS} s of quoting: every quote answered with a reference is found after the restart`, async () => {
    instance = await startInstance({ ...ENV, DATA_DIR: dataDir });
    expect((await health(instance)).database).toMatchObject({ kind: 'embedded', status: 'up' });
    const references = await referencesAnsweredBeforeKill(instance);
    expect(references.length).toBeGreaterThan(SESSIONS);

    // Restarted on the same DATA_DIR: PostgreSQL recovers the cluster the kill left behind.
    instance = await startInstance({ ...ENV, DATA_DIR: dataDir });
    const browser = await signedIn(instance, '127.0.4.102');
    const after = await browser.request(instance, 'POST', '/api/quote', RECORDED_TRIP);
    expect(after.json.record?.reference).toMatch(REFERENCE);
    await instance.close();
    instance = undefined;

    // One process at a time opens an embedded database: the test reads it once the app is gone.
    const db = new PGlite(join(dataDir, 'pglite'));
    try {
      const { rows } = await db.query<{ reference: string }>('select reference from quote_records');
      const stored = new Set(rows.map((row) => row.reference));
      expect(references.filter((reference) => !stored.has(reference))).toEqual([]);
      expect(stored.has(after.json.record.reference)).toBe(true);
    } finally {
      await db.close();
    }
  }, 300_000);
});
