import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from '../support/app-server';
import { Browser, builtinCourierEnv, DISPATCHER } from '../contract/app-fixtures';

/**
 * A guesser who rotates addresses for 30 s, behind a trusted proxy (TRUST_PROXY=1: the one case
 * where X-Forwarded-For stands in for the client's address), against the app and its built-in
 * courier. Its refused guesses cost it, not the dispatcher: signing in from new devices during the
 * attack, waiting each time as Retry-After says, the dispatcher gets in (lib/rate-limit/
 * sign-in-throttle.ts, "books its attempt").
 */

const ATTACK_MS = 30_000;
let app: AppServer;
let addresses = 0;

beforeAll(async () => {
  app = await startAppServer({
    ...builtinCourierEnv('hardening-rotating-guesser-signing-key-0123456789'),
    TRUST_PROXY: '1',
  });
});
afterAll(() => app.close());

const fromAddress = (address: string) =>
  new Browser(app.origin, { 'x-forwarded-for': address }, '127.0.0.1');

/** One wrong password after another, each from an address never used before, until `until`. */
async function guesser(until: number, statuses: number[]) {
  while (Date.now() < until) {
    const n = ++addresses;
    const answer = await fromAddress(`10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`).signIn({
      ...DISPATCHER,
      password: `guess-${n}`,
    });
    statuses.push(answer.status);
  }
}

/** One answer the dispatcher had: its status and, for a refusal, the error code and Retry-After. */
const told = (answer: { status: number; headers: Headers; json: unknown }) => {
  const code = (answer.json as { error?: { code?: string } } | undefined)?.error?.code;
  const wait = answer.headers.get('retry-after');
  return [answer.status, code, wait && `retry-after ${wait}`].filter(Boolean).join(' ');
};

interface Outcome {
  in: boolean;
  waits: number[];
  /** Every answer, in order, so that a failure says what kept the dispatcher out. */
  answers: string[];
}

/** The dispatcher on a new device: signs in, waiting as Retry-After says, three requests at most. */
async function dispatcherOnNewDevice(device: number): Promise<Outcome> {
  const browser = fromAddress(`198.51.100.${device}`);
  const outcome: Outcome = { in: false, waits: [], answers: [] };
  for (let request = 0; request < 3; request++) {
    const started = Date.now();
    const answer = await browser.signIn();
    outcome.answers.push(`${told(answer)} after ${Date.now() - started} ms`);
    if (answer.status === 200) return { ...outcome, in: true };
    if (answer.status !== 429) return outcome;
    const wait = Number(answer.headers.get('retry-after'));
    outcome.waits.push(wait);
    await sleep(wait * 1000);
  }
  return outcome;
}

describe('a guesser rotating addresses for 30 s', () => {
  it(
    'gets no more than the free guesses checked, and the dispatcher gets in from new devices at least 3 times of 4',
    { timeout: 120_000 },
    async () => {
      const until = Date.now() + ATTACK_MS;
      const statuses: number[] = [];
      const attack = Promise.all(Array.from({ length: 6 }, () => guesser(until, statuses)));
      const tries: Array<Promise<Outcome>> = [];
      for (let device = 1; device <= 4; device++) {
        await sleep(5_000);
        tries.push(dispatcherOnNewDevice(device));
      }
      const outcomes = await Promise.all(tries);
      await attack;
      expect(statuses.length).toBeGreaterThan(60);
      // The account's ten free failures an hour, and no more.
      expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
      expect(
        outcomes.filter((outcome) => outcome.in).length,
        `the dispatcher's answers, device by device: ${JSON.stringify(outcomes.map((o) => o.answers))}`,
      ).toBeGreaterThanOrEqual(3);
      for (const outcome of outcomes) {
        for (const wait of outcome.waits) expect(wait).toBeLessThanOrEqual(10);
      }
    },
  );
});
