import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from '../support/app-server';
import { startLegacyCourier, type LegacyCourier } from '../support/legacy-courier';
import { Browser, DISPATCHER, errorEnvelope, TEST_SESSION_SECRET } from '../contract/app-fixtures';

/**
 * Password guessing against the sign-in: per account, and spread over many accounts from one
 * address — including an address that forges the first entries of X-Forwarded-For behind a proxy
 * that appends the real one. The limits hold, the courier is not asked, and the real dispatcher
 * is not locked out by someone else's address.
 */

let legacy: LegacyCourier;
let app: AppServer;

beforeAll(async () => {
  legacy = await startLegacyCourier();
  app = await startAppServer({
    COURIER_BASE_URL: legacy.url,
    COURIER_SERVICE: 'off',
    COURIER_CLIENT_ID: 'legacy-client',
    COURIER_CLIENT_SECRET: 'legacy-client-secret-8c1f',
    SESSION_SECRET: TEST_SESSION_SECRET,
  });
});
afterAll(async () => {
  await app.close();
  await legacy.close();
});

/** A browser behind a proxy that appends the address it saw to what the client sent. */
const behindProxy = (forged: string, real: string) =>
  new Browser(app.origin, { 'x-forwarded-for': forged ? `${forged}, ${real}` : real });

describe('guessing passwords', () => {
  it('the sixth wrong password for one account within the window is refused without asking the courier', async () => {
    const email = 'guessed@example.com';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      // From a new address each time: the per-account limit is what stops it.
      const answer = await behindProxy('', `203.0.113.${10 + i}`).signIn({
        email,
        password: `guess-${i}`,
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const attempts = legacy.loginAttempts;
    const sixth = await behindProxy('', '203.0.113.99').signIn({ email, password: 'guess-5' });
    expect(sixth.status).toBe(429);
    expect(sixth.json).toEqual(errorEnvelope('rate_limited'));
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(legacy.loginAttempts).toBe(attempts);
  });

  it('forging the first X-Forwarded-For entries does not buy a fresh allowance per address', async () => {
    const real = '198.51.100.200';
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const answer = await behindProxy(`10.9.${i}.${i}`, real).signIn({
        email: `sprayed-${i}@example.com`,
        password: 'Summer2026!',
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.slice(20)).toEqual([429, 429]);
  });

  it('the real dispatcher, from another address, still signs in', async () => {
    const answer = await behindProxy('', '192.0.2.50').signIn(DISPATCHER);
    expect(answer.status).toBe(200);
  });
});
