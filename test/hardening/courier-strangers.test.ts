import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { END_USER_PROOF_HEADER } from '@/lib/courier-api/end-user-address';
import { END_USER_ADDRESS_HEADER } from '@/lib/courier-api/wire';
import type { AppServer } from '../support/app-server';
import { Browser, DISPATCHER, TEST_SESSION_SECRET } from '../contract/app-fixtures';
import {
  basic,
  courierCalls,
  DEMO_CLIENT,
  DEMO_USER,
  startCourierInMode,
  TEST_JWT_SECRET,
} from '../contract/courier-fixtures';

/**
 * Strangers at the built-in courier's door (`/courier`), over real HTTP against the app and its
 * built-in courier, each actor from a loopback address of its own (TRUST_PROXY=0): the public demo
 * client, an address named for someone else, and guessed API client secrets.
 */

let addresses = 0;
/** A device of its own: 127.0.7.1, 127.0.7.2, … */
const newAddress = () => `127.0.7.${++addresses}`;
const codeOf = async (response: Response) => ((await response.json()) as { code: number }).code;

// A test that stops the clock and fails before restarting it would leave it stopped for the next.
afterEach(() => {
  vi.useRealTimers();
});

describe('with real accounts (COURIER_ACCOUNTS_FILE) and COURIER_CLIENTS unset', () => {
  let app: AppServer;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'courier-strangers-'));
    const accountsFile = join(dir, 'accounts.json');
    copyFileSync(join(import.meta.dirname, '../../data/demo-accounts.json'), accountsFile);
    app = await startCourierInMode('http', {
      COURIER_ACCOUNTS_FILE: accountsFile,
      COURIER_CLIENTS: undefined,
      COURIER_CLIENT_ID: undefined,
      COURIER_CLIENT_SECRET: undefined,
      COURIER_JWT_SECRET: TEST_JWT_SECRET,
    });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  // The app's own client (generated per process) signs dispatchers in: connection-flood.test.ts.
  it('the README’s demo client is refused with -190, even with a real account’s password', async () => {
    const stranger = courierCalls(app.url, { from: newAddress() });
    const refused = await stranger.login(DEMO_USER.email, DEMO_USER.password);
    expect(refused.status).toBe(401);
    expect(await codeOf(refused)).toBe(-190);
  });
});

describe('with the demo accounts and the public demo client', () => {
  let app: AppServer;

  beforeAll(async () => {
    app = await startCourierInMode('http', {
      COURIER_BASE_URL: '{origin}/courier',
      COURIER_ACCOUNTS_FILE: undefined,
      COURIER_CLIENTS: undefined,
      COURIER_CLIENT_ID: DEMO_CLIENT.id,
      COURIER_CLIENT_SECRET: DEMO_CLIENT.secret,
      COURIER_JWT_SECRET: TEST_JWT_SECRET,
      SESSION_SECRET: TEST_SESSION_SECRET,
    });
  });
  afterAll(() => app.close());

  it('an address a stranger names in x-end-user-address is not believed: its guesses lock out only the stranger', async () => {
    const victimAddress = newAddress();
    const stranger = courierCalls(app.url, { from: newAddress() });
    const forgeries: Array<Record<string, string>> = [
      { [END_USER_ADDRESS_HEADER]: victimAddress },
      { [END_USER_ADDRESS_HEADER]: victimAddress, [END_USER_PROOF_HEADER]: 'made-up' },
      {
        [END_USER_ADDRESS_HEADER]: victimAddress,
        [END_USER_PROOF_HEADER]: `${Math.floor(Date.now() / 1000)}.${'A'.repeat(43)}`,
      },
    ];
    const codes: number[] = [];
    for (let guess = 0; guess < 6; guess++) {
      const response = await stranger.login(
        DEMO_USER.email,
        `guess-${guess}`,
        forgeries[guess % 3],
      );
      codes.push(await codeOf(response));
    }
    // The sixth guess from the stranger's own address is refused: the count was the stranger's.
    expect(codes).toEqual([-194, -194, -194, -194, -194, -165]);

    // The dispatcher, at the address the stranger named, signs in (the app names it, signed).
    const dispatcher = new Browser(app.origin, {}, victimAddress);
    const signIn = await dispatcher.signIn(DISPATCHER);
    expect(signIn.status, signIn.text).toBe(200);
    expect((await dispatcher.quote()).status).toBe(200);
  });

  it('100 wrong Basic secrets from one address are throttled with -165 before any is compared, and the app’s client still gets in from elsewhere', async () => {
    const guesserAddress = newAddress();
    /** `count` logins at once with the demo client's id and wrong secrets, from the guesser. */
    const wrongSecrets = (count: number, prefix: string) =>
      Promise.all(
        Array.from({ length: count }, (_, guess) =>
          courierCalls(app.url, {
            client: { id: DEMO_CLIENT.id, secret: `${prefix}-${guess}` },
            from: guesserAddress,
          }).login(),
        ),
      );
    // The clock stands still through both bursts, so the delay that follows the ten free guesses
    // (1 s, then doubling) never runs out within them, however long a loaded machine takes to
    // answer: at the peak of a clean clone's CI (2026-12-02) the burst outlasted that second and
    // an 11th secret was compared, as the policy allows.
    vi.useFakeTimers({ toFake: ['Date'] });
    const guesses = await wrongSecrets(100, 'guess');
    const codes = await Promise.all(guesses.map(codeOf));
    const compared = codes.filter((code) => code === -190).length;
    const throttled = guesses.filter((response, i) => codes[i] === -165);
    expect(compared).toBeLessThanOrEqual(10);
    expect(compared + throttled.length).toBe(100);
    expect(throttled.every((response) => response.status === 429)).toBe(true);
    expect(Number(throttled[0]!.headers.get('retry-after'))).toBeGreaterThan(0);

    // Another burst gets one secret compared at most: each must wait twice as long as the last.
    const again = await wrongSecrets(20, 'again');
    const againCodes = await Promise.all(again.map(codeOf));
    expect(againCodes.filter((code) => code === -190).length).toBeLessThanOrEqual(1);
    vi.useRealTimers();
    // The right client from another address logs in at once.
    const elsewhere = await courierCalls(app.url, { from: newAddress() }).login();
    expect(elsewhere.status).toBe(200);
    // And the dispatch app's sign-in (the same client, from the app's own address) works.
    const dispatcher = new Browser(app.origin, {}, newAddress());
    expect((await dispatcher.signIn(DISPATCHER)).status).toBe(200);
  });

  it('a login without any Basic credentials is refused with -190, never throttled as a guess', async () => {
    const caller = newAddress();
    for (let attempt = 0; attempt < 15; attempt++) {
      const response = await courierCalls(app.url, { from: caller }).login(
        DEMO_USER.email,
        DEMO_USER.password,
        { authorization: attempt % 2 ? 'Bearer x' : basic('', '').slice(0, 6) },
      );
      expect(await codeOf(response)).toBe(-190);
    }
  });
});
