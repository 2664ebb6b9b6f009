import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetProcessSingletons } from '@/lib/process-singleton';
import { startAppServer, type AppServer } from '../support/app-server';
import { startLegacyCourier, type LegacyCourier } from '../support/legacy-courier';
import {
  Browser,
  errorEnvelope,
  GUADALAJARA_CENTRO,
  MORE_DROPOFFS,
  RECORDED_TRIP,
  TEST_SESSION_SECRET,
} from './app-fixtures';

/**
 * One rider, several customers: POST /api/quote with `{pickup, dropoffs}` through the app, against
 * the built-in courier (which prices up to 10 addresses) and against a legacy courier that quotes
 * one drop-off at a time.
 */

const { pickup, dropoff } = RECORDED_TRIP;
let addresses = 0;

describe('several drop-offs through the app, with the built-in courier', () => {
  let app: AppServer;
  let browser: Browser;

  beforeAll(async () => {
    // Configuration is read once per process: fresh modules for this file's own servers.
    vi.resetModules();
    resetProcessSingletons();
    app = await startAppServer({
      COURIER_SERVICE: 'on',
      COURIER_BASE_URL: '{origin}/courier',
      COURIER_CLIENT_ID: 'demo-client',
      COURIER_CLIENT_SECRET: 'demo-secret',
      COURIER_JWT_SECRET: 'several-dropoffs-tests-signing-key-0123456789',
      COURIER_ACCOUNTS_FILE: undefined,
      COURIER_CLIENTS: undefined,
      COURIER_PRICING_TIME: '2026-11-20T12:00:00-06:00',
      SESSION_SECRET: TEST_SESSION_SECRET,
    });
    browser = new Browser(app.origin, { 'x-forwarded-for': `198.18.7.${++addresses}` });
    expect((await browser.signIn()).status).toBe(200);
  });
  afterAll(() => app.close());

  it('2 addresses as {pickup, dropoffs: [B]} price exactly as {pickup, dropoff}', async () => {
    const listed = await browser.quote({ pickup, dropoffs: [dropoff] });
    const single = await browser.quote({ pickup, dropoff });
    expect(listed.status).toBe(200);
    const { issuedAt: _one, expiresAt: _oneEnds, ...fromList } = listed.json.quote;
    const { issuedAt: _two, expiresAt: _twoEnds, ...fromSingle } = single.json.quote;
    expect(fromList).toEqual(fromSingle);
    expect(fromList).toMatchObject({ total: 35, distanceKm: 1.58, etaMinutes: 28, isBike: true });
    expect(fromList.legs).toEqual([
      { from: 0, to: 1, distanceKm: 1.58, etaMinutes: 28, price: 35 },
    ]);
  });

  it('4 addresses (A → B → C → D, 3.72 km): each leg’s km, minutes and price, worked out by hand', async () => {
    const answer = await browser.quote({
      pickup,
      dropoffs: [dropoff, MORE_DROPOFFS[0], MORE_DROPOFFS[1]],
    });
    expect(answer.status).toBe(200);
    const { quote } = answer.json;
    // Varsovia 36 → Sonora 180 → Durango 200 → Havre 30, great circle × cdmx's 1.27 to 2 decimals:
    // 1.5779 → 1.58, 1.1883 → 1.19, 0.9470 → 0.95 km. Minutes: 20 + cumulative km at 12 km/h
    // (27.9, 33.85, 38.6). Price 35 + (3.72 − 3) × 7.50 = 40.40, shared by cumulative km in cents:
    // 4040 × 1.58 / 3.72 = 1715.91 → 1716, 4040 × 2.77 / 3.72 = 3008.28 → 3008, then 4040.
    expect(quote.legs).toEqual([
      { from: 0, to: 1, distanceKm: 1.58, etaMinutes: 28, price: 17.16 },
      { from: 1, to: 2, distanceKm: 1.19, etaMinutes: 34, price: 12.92 },
      { from: 2, to: 3, distanceKm: 0.95, etaMinutes: 39, price: 10.32 },
    ]);
    expect(quote).toMatchObject({
      distanceKm: 3.72,
      etaMinutes: 39,
      isBike: true,
      price: 40.4,
      extraCharge: 0,
      total: 40.4,
      messengerFee: 32.32, // 40.40 × 0.8
      operatorCost: 8.08, // 40.40 − 32.32
    });
  });

  it('10 addresses (9 drop-offs), the most a quote takes, priced leg by leg', async () => {
    const answer = await browser.quote({
      pickup,
      dropoffs: [dropoff, ...MORE_DROPOFFS.slice(0, 8)],
    });
    expect(answer.status).toBe(200);
    const { quote } = answer.json;
    // Legs: great circle × 1.27 to 2 decimals (1.5779, 1.1883, 0.9470, 0.4105, 1.5253, 1.3355,
    // 0.5607, 0.8738, 0.7925); 9.22 km in all by motorbike: 35 + 6.22 × 7.50 = 81.65. Minutes:
    // 20 + cumulative km at 25 km/h, rounded (23.79, 26.65, 28.93, 29.91, 33.58, 36.8, 38.14,
    // 40.23, 42.13). Prices: 8165 cents by cumulative km, rounded (1399.21, 2453.04, 3294.34,
    // 3657.42, 5012.35, 6199.02, 6694.95, 7465.40, 8165), each leg the difference.
    const km = [1.58, 1.19, 0.95, 0.41, 1.53, 1.34, 0.56, 0.87, 0.79];
    const minutes = [24, 27, 29, 30, 34, 37, 38, 40, 42];
    const prices = [13.99, 10.54, 8.41, 3.63, 13.55, 11.87, 4.96, 7.7, 7.0];
    expect(quote.legs).toEqual(
      km.map((distanceKm, i) => ({
        from: i,
        to: i + 1,
        distanceKm,
        etaMinutes: minutes[i],
        price: prices[i],
      })),
    );
    expect(quote).toMatchObject({
      distanceKm: 9.22,
      etaMinutes: 42,
      isBike: false,
      price: 81.65,
      total: 81.65,
      messengerFee: 65.32, // 81.65 × 0.8
      operatorCost: 16.33,
    });
  });

  it('11 addresses are refused with a field error in the dispatcher’s language, and nothing is quoted', async () => {
    const english = new Browser(app.origin, {
      'x-forwarded-for': `198.18.7.${++addresses}`,
      'accept-language': 'en',
    });
    await english.signIn();
    const answer = await english.quote({ pickup, dropoffs: [dropoff, ...MORE_DROPOFFS] });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      error: {
        code: 'invalid_request',
        message: 'Some fields need attention.',
        fields: { dropoffs: 'Up to 9 drop-offs per quote.' },
      },
    });
  });

  it('a drop-off outside the pickup’s zone is named by its place in the list', async () => {
    const answer = await browser.quote({
      pickup,
      dropoffs: [dropoff, MORE_DROPOFFS[0], GUADALAJARA_CENTRO, MORE_DROPOFFS[1]],
    });
    expect(answer.status).toBe(422);
    expect(answer.json).toEqual({
      error: {
        code: 'dropoff_out_of_coverage',
        message: expect.any(String),
        fields: { 'dropoffs.2': expect.any(String) },
      },
    });
  });

  it('field errors name the drop-off and the field: dropoffs.1.street', async () => {
    const answer = await browser.quote({
      pickup,
      dropoffs: [dropoff, { ...MORE_DROPOFFS[0], street: ' ' }],
    });
    expect(answer.status).toBe(400);
    expect(answer.json.error.fields).toEqual({ 'dropoffs.1.street': 'Escribe la calle.' });
  });
});

describe('a legacy courier that quotes one drop-off at a time', () => {
  let legacy: LegacyCourier;
  let app: AppServer;
  let browser: Browser;

  beforeAll(async () => {
    vi.resetModules();
    resetProcessSingletons();
    legacy = await startLegacyCourier({ maxDropoffs: 1 });
    app = await startAppServer({
      COURIER_BASE_URL: legacy.url,
      COURIER_SERVICE: 'off',
      COURIER_CLIENT_ID: 'legacy-client',
      COURIER_CLIENT_SECRET: 'legacy-client-secret-8c1f',
      COURIER_TIMEOUT_MS: '1000',
      SESSION_SECRET: TEST_SESSION_SECRET,
    });
    browser = new Browser(app.origin, { 'x-forwarded-for': `198.18.8.${++addresses}` });
    expect((await browser.signIn()).status).toBe(200);
  });
  afterAll(async () => {
    await app.close();
    await legacy.close();
  });

  // First, so that it is the test that loads the quote route (and its table of refusals) for
  // mutation testing, which runs a table's mutants against the tests that load it.
  it('several drop-offs get a clear 422: this courier quotes one drop-off at a time', async () => {
    const answer = await browser.quote({ pickup, dropoffs: [dropoff, MORE_DROPOFFS[0]] });
    expect(answer.status).toBe(422);
    expect(answer.json).toEqual(errorEnvelope('single_dropoff_courier'));
    expect(answer.json.error.message).toMatch(/one drop-off at a time/);
  });

  it('one drop-off is quoted as always', async () => {
    const answer = await browser.quote({ pickup, dropoffs: [dropoff] });
    expect(answer.status).toBe(200);
    expect(answer.json.quote).toMatchObject({ total: 35, distanceKm: 1.58, etaMinutes: 28 });
  });

  it('several drop-offs refused as malformed (-100) get the same clear 422', async () => {
    legacy.script({ code: -100, message: 'Formato invalido' });
    const answer = await browser.quote({ pickup, dropoffs: [dropoff, MORE_DROPOFFS[0]] });
    expect(answer.status).toBe(422);
    expect(answer.json).toEqual(errorEnvelope('single_dropoff_courier'));
  });

  it('several drop-offs refused for another reason keep the courier’s own words', async () => {
    legacy.script({ code: -120, message: 'Paquete demasiado grande' });
    const answer = await browser.quote({ pickup, dropoffs: [dropoff, MORE_DROPOFFS[0]] });
    expect(answer.status).toBe(422);
    expect(answer.json).toEqual({
      error: { code: 'courier_rejected', message: 'Paquete demasiado grande' },
    });
  });

  it('one drop-off refused as wrong addresses (-111) is the courier’s refusal, not a one-at-a-time hint', async () => {
    legacy.script({ code: -111, message: 'Direcciones invalidas' });
    const answer = await browser.quote({ pickup, dropoffs: [dropoff] });
    expect(answer.status).toBe(422);
    expect(answer.json).toEqual({
      error: { code: 'courier_rejected', message: 'Direcciones invalidas' },
    });
  });
});
