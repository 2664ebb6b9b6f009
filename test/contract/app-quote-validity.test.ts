import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppServer } from '../support/app-server';
import type { LegacyCourier } from '../support/legacy-courier';
import { Browser, closeAppAndCourier, startAppBehindLegacyCourier } from './app-fixtures';

/**
 * A quote's validity comes from the app's server: the answer says when the quote was issued and
 * until when it holds, on the server's clock, QUOTE_VALIDITY apart. The screen counts towards that
 * expiry with its own offset from the server (components/quote/trip/server-clock.ts).
 */

let legacy: LegacyCourier;
let app: AppServer;

beforeAll(async () => {
  ({ legacy, app } = await startAppBehindLegacyCourier({ QUOTE_VALIDITY: '7m' }));
});
afterAll(() => closeAppAndCourier({ app, legacy }));
afterEach(() => vi.useRealTimers());

/** The server's clock, set to `iso` and running on from there (the server shares this process). */
const serverClockAt = (iso: string) =>
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(iso), shouldAdvanceTime: true });

describe('the quote’s validity, on the server’s clock', () => {
  it('is issued when the server answers and expires QUOTE_VALIDITY (7 minutes) later', async () => {
    const browser = new Browser(app.origin, { 'x-forwarded-for': '203.0.113.71' });
    expect((await browser.signIn()).status).toBe(200);

    serverClockAt('2026-11-20T18:00:00.000Z');
    const first = await browser.quote();
    expect(first.status).toBe(200);
    const { issuedAt, expiresAt } = first.json.quote;
    expect(Date.parse(issuedAt)).toBeGreaterThanOrEqual(Date.parse('2026-11-20T18:00:00.000Z'));
    expect(Date.parse(issuedAt)).toBeLessThan(Date.parse('2026-11-20T18:00:10.000Z'));
    expect(Date.parse(expiresAt) - Date.parse(issuedAt)).toBe(7 * 60_000);
    expect(issuedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    // Asked an hour later by the server's clock: dated then, whatever the browser's clock says.
    serverClockAt('2026-11-20T19:00:00.000Z');
    const later = (await browser.quote()).json.quote;
    expect(Date.parse(later.issuedAt)).toBeGreaterThanOrEqual(
      Date.parse('2026-11-20T19:00:00.000Z'),
    );
    expect(Date.parse(later.expiresAt) - Date.parse(later.issuedAt)).toBe(7 * 60_000);
  });
});
