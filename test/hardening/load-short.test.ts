import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from '../support/app-server';
import {
  Browser,
  builtinCourierEnv,
  collectLogLines,
  RECORDED_TRIP,
} from '../contract/app-fixtures';

/**
 * A short, bounded version of scripts/soak.mjs over the route harness: many dispatchers quoting at
 * once against the built-in courier. A fixed number of quotes (not a fixed time), so the test
 * says the same thing on a slow machine: every quote succeeds, each session signs in to the
 * courier once, and the server logs no error.
 */

const SESSIONS = 10;
const QUOTES_PER_SESSION = 10;

let app: AppServer;
const logLines: string[] = [];
const courierLogins = () =>
  logLines.filter((line) => line.includes('"msg":"courier token issued"')).length;

beforeAll(async () => {
  app = await startAppServer({
    ...builtinCourierEnv('hardening-load-tests-signing-key-0123456789'),
    LOG_LEVEL: 'info',
  });
  await collectLogLines(logLines);
});
afterAll(() => app.close());

describe('many dispatchers quoting at once', () => {
  it(`${SESSIONS} sessions × ${QUOTES_PER_SESSION} quotes all succeed, with one courier login per session and no error logged`, async () => {
    const browsers = Array.from(
      { length: SESSIONS },
      (_, index) => new Browser(app.origin, { 'x-forwarded-for': `100.64.0.${index + 1}` }),
    );
    // One after another: the demo account's sign-in allowance counts attempts in flight.
    for (const browser of browsers) expect((await browser.signIn()).status).toBe(200);
    expect(courierLogins()).toBe(SESSIONS);

    const statuses = await Promise.all(
      browsers.map(async (browser) => {
        const seen: number[] = [];
        for (let i = 0; i < QUOTES_PER_SESSION; i++) {
          const answer = await browser.quote(RECORDED_TRIP);
          seen.push(answer.status);
          if (answer.status === 200) expect(answer.json.quote.total).toBe(35);
        }
        return seen;
      }),
    );
    expect(statuses.flat()).toEqual(Array(SESSIONS * QUOTES_PER_SESSION).fill(200));
    expect(courierLogins()).toBe(SESSIONS);
    const errors = logLines.filter((line) => JSON.parse(line).level >= 50);
    expect(errors).toEqual([]);
    // Every quote was logged as handled: the logs keep up with the load.
    const handled = logLines.filter(
      (line) => line.includes('"path":"/api/quote"') && line.includes('"status":200'),
    );
    expect(handled).toHaveLength(SESSIONS * QUOTES_PER_SESSION);
  });
});
