import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from '../support/app-server';
import { Browser, builtinCourierEnv, collectLogLines, DISPATCHER } from '../contract/app-fixtures';

/**
 * An open session stays open through any stranger's failures (docs/security.md): over real HTTP
 * against the app and its built-in courier, courier tokens living a few seconds so that every
 * session renews its token twice within the test. Each actor connects from a loopback address of
 * its own; nobody sends X-Forwarded-For (TRUST_PROXY=0).
 */

const TOKEN_TTL_SECONDS = 4;
let app: AppServer;
const logLines: string[] = [];
let addresses = 0;
/** A device of its own: 127.0.20.1, 127.0.20.2, … */
const newAddress = () => `127.0.${20 + Math.floor(++addresses / 250)}.${1 + (addresses % 250)}`;
const browserAt = (address: string) => new Browser(app.origin, {}, address);
const renewals = () => logLines.filter((line) => line.includes('"msg":"courier token renewed"'));

beforeAll(async () => {
  app = await startAppServer({
    ...builtinCourierEnv('hardening-open-session-signing-key-0123456789'),
    COURIER_TOKEN_TTL: `${TOKEN_TTL_SECONDS}s`,
    TRUST_PROXY: '0',
    LOG_LEVEL: 'info',
  });
  await collectLogLines(logLines);
});
afterAll(() => app.close());

/** Quotes until the session has renewed its courier token `times` times; every quote must be 200. */
async function quotesThroughRenewals(session: Browser, times: number) {
  const before = renewals().length;
  const statuses: number[] = [];
  for (let round = 0; round < times; round++) {
    await sleep(TOKEN_TTL_SECONDS * 1000);
    statuses.push((await session.quote()).status);
  }
  expect(statuses).toEqual(Array(times).fill(200));
  expect(renewals().length - before).toBeGreaterThanOrEqual(times);
}

/** A session signed in from `home`, then five wrong passwords for its account, each from `guessFrom()`. */
async function openSessionThenFiveGuesses(home: string, guessFrom: () => string) {
  const session = browserAt(home);
  expect((await session.signIn()).status).toBe(200);
  for (let i = 0; i < 5; i++) {
    const guess = await browserAt(guessFrom()).signIn({ ...DISPATCHER, password: `g${i}` });
    expect(guess.status).toBe(401);
  }
  return session;
}

describe('five wrong passwords for an open session’s account', () => {
  it(
    'from five other addresses: the session quotes through two token renewals',
    { timeout: 60_000 },
    async () => {
      const session = await openSessionThenFiveGuesses(newAddress(), newAddress);
      await quotesThroughRenewals(session, 2);
    },
  );

  it(
    'from the dispatcher’s own address (a shared office network): the session quotes through two token renewals, and the dispatcher signs in again from their device',
    { timeout: 60_000 },
    async () => {
      const home = newAddress();
      const session = await openSessionThenFiveGuesses(home, () => home);
      // The guesser's next try from there is refused…
      expect((await browserAt(home).signIn({ ...DISPATCHER, password: 'g5' })).status).toBe(429);
      // …and the open session renews with proof of its own earlier success.
      await quotesThroughRenewals(session, 2);
      // The dispatcher signs in again from their device (its device cookie), at once.
      expect((await session.signIn()).status).toBe(200);
      expect((await session.quote()).status).toBe(200);
    },
  );
});
