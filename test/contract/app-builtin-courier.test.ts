import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppServer } from '../support/app-server';
import {
  Browser,
  DISPATCHER,
  errorEnvelope,
  GUADALAJARA_CENTRO,
  RECORDED_TRIP,
  TEST_SESSION_SECRET,
} from './app-fixtures';
import { ERROR_MODES, startCourierInMode, type ErrorMode } from './courier-fixtures';

/**
 * The dispatch app's routes against the built-in courier served by the same server (the default
 * set-up of `npm start`), in both of its error modes: failures over HTTP 200 as the legacy service
 * answered (the default) and with HTTP statuses; HS256 tokens, real coverage zones.
 */

/** Noon in Mexico City: no night surcharge, so the recorded trip costs what it cost. */
const NOON_IN_MEXICO_CITY = new Date('2026-06-15T18:00:00Z');
const MONTERREY_CENTRO = {
  street: 'Padre Mier',
  exteriorNumber: '500',
  neighborhood: 'Centro',
  zipCode: '64000',
  lat: 25.6697,
  lng: -100.3097,
};

let addresses = 0;

describe.each(ERROR_MODES)(
  'the built-in courier in %s error mode behind the dispatch app',
  (mode: ErrorMode) => {
    let app: AppServer;
    const newBrowser = () =>
      new Browser(app.origin, { 'x-forwarded-for': `198.18.0.${++addresses}` });
    const logLines: string[] = [];
    const courierLogins = () =>
      logLines.filter((line) => line.includes('"msg":"courier token issued"')).length;

    beforeAll(async () => {
      app = await startCourierInMode(mode, {
        COURIER_BASE_URL: '{origin}/courier',
        COURIER_CLIENT_ID: 'demo-client',
        COURIER_CLIENT_SECRET: 'demo-secret',
        COURIER_JWT_SECRET: 'app-contract-tests-signing-key-0123456789',
        COURIER_TOKEN_TTL: '1h',
        // Daytime in Mexico City, so no night surcharge whatever the hour of the test run.
        COURIER_PRICING_TIME: '2026-11-20T12:00:00-06:00',
        COURIER_ACCOUNTS_FILE: undefined,
        COURIER_CLIENTS: undefined,
        SESSION_SECRET: TEST_SESSION_SECRET,
        LOG_LEVEL: 'info',
      });
      const { redirectLogs } = await import('@/lib/log');
      redirectLogs({ write: (line) => logLines.push(line) });
    });
    afterAll(() => app.close());
    beforeEach(() => {
      vi.useRealTimers();
      vi.useFakeTimers({ toFake: ['Date'], now: NOON_IN_MEXICO_CITY, shouldAdvanceTime: true });
      return () => vi.useRealTimers();
    });

    describe('the built-in courier behind the dispatch app', () => {
      it('the demo dispatcher signs in and is greeted by name, in the cdmx zone', async () => {
        const browser = newBrowser();
        const answer = await browser.signIn();
        expect(answer.status).toBe(200);
        expect(answer.json).toEqual({
          user: { email: DISPATCHER.email, name: 'Dana Ruiz', zone: 'cdmx' },
        });
        expect((await browser.request('GET', '/api/session')).json.user.name).toBe('Dana Ruiz');
      });

      it('a wrong password is refused as invalid_credentials', async () => {
        const answer = await newBrowser().signIn({ ...DISPATCHER, password: 'not-the-password' });
        expect(answer.status).toBe(401);
        expect(answer.json).toEqual(errorEnvelope('invalid_credentials'));
      });

      it('the recorded trip is quoted as recorded: 35.00 MXN, 28 minutes, 1.58 km, by bicycle in cdmx', async () => {
        const browser = newBrowser();
        await browser.signIn();
        const answer = await browser.quote();
        expect(answer.status).toBe(200);
        expect(answer.json.quote).toMatchObject({
          total: 35,
          price: 35,
          discount: 0,
          extraCharge: 0,
          etaMinutes: 28,
          isBike: true,
          messengerFee: 28,
          operatorCost: 7,
          currency: 'MXN',
          zone: { id: 1, name: 'cdmx' },
        });
        // 1.58 km, as the legacy courier measured it: cdmx's road factor is calibrated on this trip.
        expect(answer.json.quote.distanceKm).toBe(1.58);
        // A quote is one dispatcher's, priced at one moment: no cache may keep or share it.
        expect(answer.headers.get('cache-control')).toBe('no-store');
      });

      it('health reports the built-in courier up: its login path answers the probe', async () => {
        const answer = await newBrowser().request('GET', '/api/health');
        expect(answer.status).toBe(200);
        // (`builtin` is false here: COURIER_BASE_URL names the courier as any other.)
        expect(answer.json.courier).toEqual({
          builtin: false,
          status: 'up',
          latencyMs: expect.any(Number),
          checkedAt: expect.any(String),
        });
      });

      it('a pickup outside every active zone is pickup_out_of_coverage', async () => {
        const browser = newBrowser();
        await browser.signIn();
        const monterrey = await browser.quote({ ...RECORDED_TRIP, pickup: MONTERREY_CENTRO });
        expect(monterrey.status).toBe(422);
        expect(monterrey.json).toEqual(errorEnvelope('pickup_out_of_coverage'));
      });

      it('a drop-off outside the pickup’s zone is dropoff_out_of_coverage', async () => {
        const browser = newBrowser();
        await browser.signIn();
        const answer = await browser.quote({ ...RECORDED_TRIP, dropoff: GUADALAJARA_CENTRO });
        expect(answer.status).toBe(422);
        // The built-in courier says which drop-off (the first, here).
        expect(answer.json).toEqual({
          error: {
            code: 'dropoff_out_of_coverage',
            message: expect.any(String),
            fields: { 'dropoffs.0': expect.any(String) },
          },
        });
      });

      it('a token the courier no longer accepts (-155) is renewed and the quote succeeds', async () => {
        const browser = newBrowser();
        await browser.signIn();
        // The session as a server with a restarted courier would see it: a token that courier never
        // signed, believed valid for another hour.
        const { sealSession, unsealSession } = await import('@/lib/session/sealed-session');
        const sealed = (await unsealSession(decodeURIComponent(browser.cookie!.split('=')[1]!)))!;
        const now = Date.now();
        browser.cookie = `dq_session=${await sealSession({
          ...sealed,
          sid: `${sealed.sid}-restarted`,
          token: {
            value: 'eyJhbGciOiJIUzI1NiJ9.e30.bm90LXNpZ25lZA',
            expiresAt: now + 3600_000,
            renewAt: now + 3540_000,
          },
        })}`;
        const before = courierLogins();
        const answer = await browser.quote();
        expect(answer.status).toBe(200);
        expect(answer.json.quote).toMatchObject({ total: 35, distanceKm: 1.58, etaMinutes: 28 });
        expect(courierLogins()).toBe(before + 1);
      });

      it('after an hour, 50 concurrent quotes cost one login, and 200 more cost none', async () => {
        const browser = newBrowser();
        await browser.signIn();
        const before = courierLogins();
        vi.setSystemTime(NOON_IN_MEXICO_CITY.getTime() + 61 * 60_000);
        const together = await Promise.all(Array.from({ length: 50 }, () => browser.quote()));
        expect(together.map((answer) => answer.status)).toEqual(Array(50).fill(200));
        expect(courierLogins()).toBe(before + 1);
        for (let round = 0; round < 4; round++) {
          const more = await Promise.all(Array.from({ length: 50 }, () => browser.quote()));
          expect(more.every((answer) => answer.status === 200)).toBe(true);
        }
        expect(courierLogins()).toBe(before + 1);
      });
    });
  },
);
