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

/** The dispatcher on a new device: signs in, waiting as Retry-After says, three requests at most. */
async function dispatcherOnNewDevice(device: number): Promise<{ in: boolean; waits: number[] }> {
  const browser = fromAddress(`198.51.100.${device}`);
  const waits: number[] = [];
  for (let request = 0; request < 3; request++) {
    const answer = await browser.signIn();
    if (answer.status === 200) return { in: true, waits };
    if (answer.status !== 429) return { in: false, waits };
    const wait = Number(answer.headers.get('retry-after'));
    waits.push(wait);
    await sleep(wait * 1000);
  }
  return { in: false, waits };
}

describe('a guesser rotating addresses for 30 s', () => {
  it(
    'gets no more than the free guesses checked, and the dispatcher gets in from new devices at least 3 times of 4',
    { timeout: 120_000 },
    async () => {
      const until = Date.now() + ATTACK_MS;
      const statuses: number[] = [];
      const attack = Promise.all(Array.from({ length: 6 }, () => guesser(until, statuses)));
      const tries: Array<Promise<{ in: boolean; waits: number[] }>> = [];
      for (let device = 1; device <= 4; device++) {
        await sleep(5_000);
        tries.push(dispatcherOnNewDevice(device));
      }
      const outcomes = await Promise.all(tries);
      await attack;
      expect(statuses.length).toBeGreaterThan(60);
      // The account's ten free failures an hour, and no more.
      expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
      expect(outcomes.filter((outcome) => outcome.in).length).toBeGreaterThanOrEqual(3);
      for (const outcome of outcomes) {
        for (const wait of outcome.waits) expect(wait).toBeLessThanOrEqual(10);
      }
    },
  );
});
