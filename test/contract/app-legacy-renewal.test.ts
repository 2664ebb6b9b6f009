import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServer } from '../support/app-server';
import type { LegacyCourier } from '../support/legacy-courier';
import {
  Browser,
  closeAppAndCourier,
  errorEnvelope,
  startAppBehindLegacyCourier,
} from './app-fixtures';

/**
 * A legacy courier that refuses to renew a session's token (docs/security.md, "An open session
 * stays open"): over real HTTP, the app says so, tries again after a back-off, and never ends the
 * session for it.
 */

let legacy: LegacyCourier;
let app: AppServer;

beforeAll(async () => {
  ({ legacy, app } = await startAppBehindLegacyCourier({
    COURIER_TIMEOUT_MS: '1000',
  }));
});
afterAll(() => closeAppAndCourier({ app, legacy }));

describe('a courier that refuses to renew the token', () => {
  it('is answered courier_unavailable with a Retry-After, not asked again until then, and the session goes on', async () => {
    const browser = new Browser(app.origin, {}, '127.0.0.1');
    expect((await browser.signIn()).status).toBe(200);
    expect((await browser.quote()).status).toBe(200);

    legacy.expireAllTokens();
    legacy.scriptLogin({ status: 503, body: 'busy' });
    const logins = legacy.loginAttempts;
    const refused = await browser.quote();
    expect(refused.status).toBe(503);
    expect(refused.json).toEqual(errorEnvelope('courier_unavailable'));
    expect(refused.json.error.message).toMatch(/not renewing/);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBe(5);
    // Within the back-off the courier is not asked again; the session is still signed in.
    expect((await browser.quote()).status).toBe(503);
    expect(legacy.loginAttempts).toBe(logins + 1);
    expect((await browser.request('GET', '/api/session')).status).toBe(200);

    await sleep(wait * 1000);
    const renewed = await browser.quote();
    expect(renewed.status).toBe(200);
    expect(renewed.json.quote.total).toBe(35);
    expect(legacy.loginAttempts).toBe(logins + 2);
  });
});
