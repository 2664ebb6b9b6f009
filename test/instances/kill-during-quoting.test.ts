import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { RECORDED_TRIP } from '../contract/app-fixtures';
import {
  BalancedBrowser,
  buildForProduction,
  startInstance,
  type AppInstance,
} from '../support/app-instances';
import { seedEmbeddedDatabase } from '../support/embedded-database';
import { startPostgresServer, type PostgresServer } from '../support/postgres-server';

/**
 * A crash of the app mid-load loses no quote it answered with a reference, on either engine: a
 * production instance (`next build`, then scripts/serve.mjs as `npm start` runs it) is quoted by
 * a few tablets for 30 s; a third of the way in, right after an answer with a reference, the
 * app's process gets kill -9 and is started again on the same data while the tablets keep
 * quoting. Every reference answered in those 30 s, before the kill and after the restart, then
 * opens in the history with the figures answered.
 */

const QUOTING_MS = 30_000;
const KILL_AT_MS = 10_000;
const TABLETS = 4;
/**
 * A tablet's pause between an answer and its next quote: 4 tablets quote ~40 times a second. The
 * drill is about records kept, not throughput: quoting as fast as the machine allows took both
 * cores for the half minute and made nothing surer (the kill is timed right after an answer).
 */
const THINK_MS = 100;

const ENV = {
  SESSION_SECRET: 'kill-during-quoting-session-secret-0123456789',
  COURIER_JWT_SECRET: 'kill-during-quoting-courier-signing-key-01',
  COURIER_PRICING_TIME: '2026-11-20T12:00:00-06:00',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answered {
  reference: string;
  customerUrl: string;
  quote: unknown;
}

interface Drill {
  /** Quotes answered with a reference, in the order answered. */
  answered: Answered[];
  /** Quotes cut off by the kill or sent while no instance listened (no answer at all). */
  unanswered: number;
  /** Quotes answered 200 without a reference (the database not ready yet after the restart). */
  withoutReference: number;
  /** Answers other than 200. */
  failures: string[];
  /** Those answered by the instance started again. */
  answeredAfterRestart: number;
  /** Called once, with the next answer with a reference (the kill waits for one). */
  onAnswered?: () => void;
}

const newDrill = (): Drill => ({
  answered: [],
  unanswered: 0,
  withoutReference: 0,
  failures: [],
  answeredAfterRestart: 0,
});

/** Resolves as the drill's next answer with a reference is noted: the worst moment to crash. */
const nextAnswer = (drill: Drill) =>
  new Promise<void>((resolve) => {
    drill.onAnswered = () => {
      drill.onAnswered = undefined;
      resolve();
    };
  });

/**
 * The tablets' 30 s of quoting at whatever instance `current()` is, noted in `drill`, while the
 * caller kills and restarts it. A request that finds nothing listening is what a tablet sees
 * during the restart: counted, and tried again shortly.
 */
async function quoteFor30s(
  drill: Drill,
  tablets: BalancedBrowser[],
  current: () => { instance: AppInstance; restarted: boolean },
): Promise<void> {
  const endAt = Date.now() + QUOTING_MS;
  await Promise.all(
    tablets.map(async (tablet) => {
      // On a loaded machine the restart may outlast the 30 s: quoting goes on until it answers
      // (a minute at most: a restart that never answers fails the test below).
      while (
        Date.now() < endAt ||
        (drill.answeredAfterRestart === 0 && Date.now() < endAt + 60_000)
      ) {
        const { instance, restarted } = current();
        let answer;
        try {
          answer = await tablet.request(instance, 'POST', '/api/quote', RECORDED_TRIP);
        } catch {
          drill.unanswered += 1;
          await sleep(100);
          continue;
        }
        if (answer.status !== 200) {
          drill.failures.push(`${answer.status} ${JSON.stringify(answer.json)}`);
        } else if (!answer.json.record) {
          drill.withoutReference += 1;
        } else {
          if (restarted) drill.answeredAfterRestart += 1;
          drill.answered.push({
            reference: answer.json.record.reference,
            customerUrl: answer.json.record.customerUrl,
            quote: answer.json.quote,
          });
          drill.onAnswered?.();
        }
        await sleep(THINK_MS);
      }
    }),
  );
}

/** What the history says of each reference: those it does not find, or finds with other figures. */
async function missingFromHistory(
  reader: BalancedBrowser,
  instance: AppInstance,
  answered: Answered[],
): Promise<string[]> {
  const missing: string[] = [];
  const queue = [...answered];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const found = await reader.request(instance, 'GET', `/api/quotes/${next.reference}`);
        const record = found.json?.record;
        if (found.status !== 200) missing.push(`${next.reference}: ${found.status}`);
        else if (record?.customerUrl !== next.customerUrl) missing.push(`${next.reference}: link`);
        else if (!isDeepStrictEqual(record.quote, next.quote)) {
          missing.push(`${next.reference}: figures`);
        }
      }
    }),
  );
  return missing;
}

beforeAll(() => buildForProduction(), 900_000);

// Both engines' drills at once (each its own instance, data and tablets): the half minute of
// quoting is what takes the time, and the checks are of records kept, not of speed.
describe.concurrent.each([
  { engine: 'the embedded PostgreSQL (PGlite) under DATA_DIR', kind: 'embedded' },
  { engine: 'a PostgreSQL server', kind: 'server' },
])('kill -9 of the app during 30 s of quoting, on $engine', ({ kind }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'dq-kill-during-quoting-'));
  let postgres: PostgresServer | undefined;
  let env: Record<string, string>;
  let instance: AppInstance | undefined;

  beforeAll(async () => {
    postgres = kind === 'server' ? await startPostgresServer() : undefined;
    // A migrated cluster to begin from, as a restarted instance finds it: not initdb's half minute.
    if (!postgres) await seedEmbeddedDatabase(dataDir);
    env = {
      ...ENV,
      DATA_DIR: dataDir,
      ...(postgres ? { DATABASE_URL: await postgres.createDatabase() } : {}),
    };
  }, 120_000);

  afterAll(async () => {
    await instance?.close();
    await postgres?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('every quote answered with a reference, before the kill or after the restart, is found in the history', async ({
    expect,
  }) => {
    instance = await startInstance(env);
    const first = instance;
    const tablets = Array.from(
      { length: TABLETS },
      (_, i) => new BalancedBrowser(`127.0.6.${kind === 'server' ? 20 + i : 10 + i}`),
    );
    for (const tablet of tablets) {
      const signIn = await tablet.request(first, 'POST', '/api/session', {
        email: 'dispatcher@example.com',
        password: 'demo-password',
      });
      expect(signIn.status).toBe(200);
    }

    const drill = newDrill();
    let answeredBeforeKill = 0;
    let restarted = false;
    const crash = (async () => {
      await sleep(KILL_AT_MS);
      // The instant after a reference was answered: its record must already be on disk.
      await nextAnswer(drill);
      await first.kill();
      answeredBeforeKill = drill.answered.length;
      // The same DATA_DIR (and DATABASE_URL): PostgreSQL recovers what the kill left.
      instance = await startInstance(env);
      restarted = true;
    })();
    await quoteFor30s(drill, tablets, () => ({ instance: instance!, restarted }));
    await crash;

    expect(first.alive).toBe(false);
    expect(drill.failures.slice(0, 5), `${drill.failures.length} failed`).toEqual([]);
    expect(drill.answered.length).toBeGreaterThan(TABLETS * 5);
    expect(drill.answeredAfterRestart).toBeGreaterThan(0);
    expect(answeredBeforeKill).toBeGreaterThan(TABLETS);
    expect(new Set(drill.answered.map((each) => each.reference)).size).toBe(drill.answered.length);

    // The sessions signed in before the crash read the history of the instance started again.
    expect(await missingFromHistory(tablets[0]!, instance!, drill.answered)).toEqual([]);
  }, 180_000);
});
