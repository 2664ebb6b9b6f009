import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PEER_ADDRESS_HEADER } from '@/lib/http/peer-address.mjs';
import { startAppServer, type AppServer } from '../support/app-server';
import {
  Browser,
  builtinCourierEnv,
  collectLogLines,
  DISPATCHER,
  errorEnvelope,
} from '../contract/app-fixtures';

/**
 * Someone on the open internet, with no credentials, tries to lock dispatchers out — over real
 * HTTP against the app with its built-in courier (the set-up of `npm start`), with no proxy in
 * front (TRUST_PROXY=0). Every browser connects from a loopback address of its own, as devices on
 * a network would; none of them sends X-Forwarded-For unless the test says so.
 *
 * The guesser hurts only itself: other clients still sign in, every open session still renews
 * its courier token (at the app, and at the built-in courier's own throttle), and the dispatcher
 * still signs in from their usual address.
 */

const TOKEN_TTL_MINUTES = 10;
let app: AppServer;
const logLines: string[] = [];
let addresses = 0;
/** A device of its own: 127.0.1.1, 127.0.1.2, … */
const newAddress = () => `127.0.${1 + Math.floor(++addresses / 250)}.${1 + (addresses % 250)}`;
const browserAt = (address: string, headers: Record<string, string> = {}) =>
  new Browser(app.origin, headers, address);
const courierLogins = () =>
  logLines.filter((line) => line.includes('"msg":"courier token issued"')).length;
const log = () => logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
const courierFaults = () => log().filter((line) => (line.level as number) >= 50);

beforeAll(async () => {
  app = await startAppServer({
    ...builtinCourierEnv('hardening-abuse-tests-signing-key-0123456789'),
    COURIER_TOKEN_TTL: `${TOKEN_TTL_MINUTES}m`,
    TRUST_PROXY: '0',
    LOG_LEVEL: 'info',
  });
  await collectLogLines(logLines);
});
afterAll(() => app.close());
afterEach(() => {
  vi.useRealTimers();
});

async function signedIn(address = newAddress()): Promise<Browser> {
  const browser = browserAt(address);
  expect((await browser.signIn()).status).toBe(200);
  expect((await browser.quote()).status).toBe(200);
  return browser;
}

/**
 * Moves the clock past the courier token's renewal point but not past the throttles' 15-minute
 * windows: the next quote of every open session renews its token with a real courier login.
 */
function untilTokensNeedRenewal() {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(Date.now() + (TOKEN_TTL_MINUTES - 0.25) * 60_000);
}

describe('twenty failed sign-ins without a forwarding header', () => {
  it('refuse the guesser’s address only: other clients sign in, and every open session renews its token', async () => {
    const onAnotherNetwork = await signedIn();
    const guesser = newAddress();
    // A dispatcher who signed in earlier from the guesser's own address (a shared office, say).
    const besideTheGuesser = await signedIn(guesser);

    for (let i = 0; i < 20; i++) {
      const answer = await browserAt(guesser).signIn({
        email: `guess-${i}@example.com`,
        password: `wrong-${i}`,
      });
      expect(answer.status).toBe(401);
    }
    const refused = await browserAt(guesser).signIn({
      email: 'guess-21@example.com',
      password: 'x',
    });
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual(errorEnvelope('rate_limited'));

    // Another client signs in at once.
    expect((await browserAt(newAddress()).signIn()).status).toBe(200);

    // Every open session renews its courier token: no limit of the app applies to renewals, and
    // the built-in courier is told the address each dispatcher signed in from.
    untilTokensNeedRenewal();
    const logins = courierLogins();
    for (const browser of [onAnotherNetwork, besideTheGuesser]) {
      const quote = await browser.quote();
      expect(quote.status).toBe(200);
      expect(quote.json.quote.total).toBe(35);
    }
    expect(courierLogins()).toBe(logins + 2);
    // The guesser's window is still running.
    expect(
      (await browserAt(guesser).signIn({ email: 'x@example.com', password: 'x' })).status,
    ).toBe(429);
  });
});

describe('a flood of password checks', () => {
  it('is answered at once beyond a few in flight, while a dispatcher signing in from their usual address goes first', async () => {
    const { PASSWORD_CHECKS } = await import('@/lib/courier-service/login-throttle');
    const home = newAddress();
    await signedIn(home);
    // Well past what the courier checks at once and lets wait (and the app lets wait on it).
    expect(PASSWORD_CHECKS.concurrency + PASSWORD_CHECKS.queue).toBeLessThan(30);
    const flood = Array.from({ length: 60 }, (_, i) =>
      browserAt(newAddress()).signIn({ email: `flood-${i}@example.com`, password: 'x' }),
    );
    const dispatcher = browserAt(home).signIn();
    const answers = await Promise.all(flood);
    expect((await dispatcher).status).toBe(200);
    const busy = answers.filter((answer) => answer.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const answer of busy) expect(answer.json).toEqual(errorEnvelope('courier_unavailable'));
    expect(answers.every((answer) => [401, 503].includes(answer.status))).toBe(true);
    expect(courierFaults()).toEqual([]);
  });
});

describe('five wrong passwords for a dispatcher, from five addresses', () => {
  it('leave the dispatcher’s own sign-in from their address, and their open session, working', async () => {
    const home = newAddress();
    const session = await signedIn(home);
    for (let i = 0; i < 5; i++) {
      const answer = await browserAt(newAddress()).signIn({
        ...DISPATCHER,
        password: `guess-${i}`,
      });
      expect(answer.status).toBe(401);
    }
    expect((await browserAt(home).signIn()).status).toBe(200);
    expect((await session.quote()).status).toBe(200);
    untilTokensNeedRenewal();
    const logins = courierLogins();
    expect((await session.quote()).status).toBe(200);
    expect(courierLogins()).toBe(logins + 1);
  });

  it('a guesser spread over many addresses slows to a doubling delay; the dispatcher’s usual address and open session are let through', async () => {
    const home = newAddress();
    const session = await signedIn(home);
    // The session's token is due for renewal while the guessing goes on.
    untilTokensNeedRenewal();
    const statuses: number[] = [];
    let refused;
    for (let i = 0; i < 12 && !refused; i++) {
      const answer = await browserAt(newAddress()).signIn({ ...DISPATCHER, password: `g${i}` });
      statuses.push(answer.status);
      if (answer.status === 429) refused = answer;
    }
    // At most 10 guesses per hour go through freely, from anywhere.
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
    expect(refused?.json).toEqual(errorEnvelope('rate_limited'));
    expect(Number(refused?.headers.get('retry-after'))).toBeLessThanOrEqual(2);
    // Where the dispatcher signed in before, the account's delay does not apply…
    expect((await browserAt(home).signIn()).status).toBe(200);
    // …nor to the renewals of their open session, at the app or at the courier.
    const logins = courierLogins();
    expect((await session.quote()).status).toBe(200);
    expect(courierLogins()).toBe(logins + 1);
  });
});

describe('X-Forwarded-For without a trusted proxy', () => {
  it('rotating it does not buy a fresh allowance: the connection’s address meets the limit', async () => {
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const answer = await browserAt(address, {
        'x-forwarded-for': `10.9.${i}.${i}`,
        'x-real-ip': `10.8.${i}.${i}`,
      }).signIn({ email: `sprayed-${i}@example.com`, password: 'Summer2026!' });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.slice(20)).toEqual([429, 429]);
  });

  it('nor does sending the header the server stamps the connection’s address in', async () => {
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const answer = await browserAt(address, { [PEER_ADDRESS_HEADER]: `10.7.${i}.1` }).signIn({
        email: `stamped-${i}@example.com`,
        password: 'x',
      });
      statuses.push(answer.status);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('what an operator sees', () => {
  it('a refused sign-in is logged with the account and the address, never the password', async () => {
    const address = newAddress();
    await browserAt(address).signIn({ email: 'Logged.Guess@Example.com', password: 'hunter2-x' });
    const refusal = log().find(
      (line) => line.msg === 'sign-in refused' && line.address === address,
    );
    expect(refusal).toMatchObject({ account: 'logged.guess@example.com', address });
    const handled = log().find(
      (line) => line.msg === 'request handled' && line.address === address,
    );
    expect(handled).toMatchObject({ status: 401 });
    expect(logLines.join('\n')).not.toContain('hunter2-x');
  });
});
