import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDED_TRIP } from '../contract/app-fixtures';
import { buildForProduction, startInstance, type AppInstance } from '../support/app-instances';
import { startPostgresServer, type PostgresServer } from '../support/postgres-server';
import { health, quoteThroughOutage, signedIn } from '../support/instance-quoting';

/**
 * Quote records in production instances (`next build`, then scripts/serve.mjs as `npm start`
 * runs it): on a PostgreSQL server two instances share, and in the embedded database of one
 * instance. (kill -9 during quoting, on both engines: kill-during-quoting.test.ts.)
 */

const SESSIONS = 4;
const REFERENCE = /^DQ-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{6}$/;

const ENV = {
  SESSION_SECRET: 'quote-records-instances-session-secret-0123',
  COURIER_JWT_SECRET: 'quote-records-instances-courier-signing-key-01',
  COURIER_PRICING_TIME: '2026-11-20T12:00:00-06:00',
};

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
    // Each instance stores its records in the database just after answering (FLUSH_DELAY_MS,
    // 200 ms), and each one's history shows the other's.
    await expect
      .poll(
        async () => {
          const stored = await storedReferences();
          return references.filter((reference) => !stored.has(reference));
        },
        { interval: 50, timeout: 5_000 },
      )
      .toEqual([]);
    const histories = await Promise.all(
      [first, second].map(async (instance) => {
        const page = await browser.request(instance, 'GET', '/api/quotes?scope=mine&limit=100');
        return (page.json.records as Array<{ reference: string }>).map((each) => each.reference);
      }),
    );
    for (const history of histories) expect(history).toEqual(expect.arrayContaining(references));
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
});
