import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetProcessSingletons } from '@/lib/process-singleton';
import { startAppServer, type AppServer } from '../support/app-server';
import { startLegacyCourier, type LegacyCourier } from '../support/legacy-courier';
import {
  Browser,
  errorEnvelope,
  GUADALAJARA_CENTRO,
  RECORDED_TRIP,
  TEST_SESSION_SECRET,
} from './app-fixtures';

/**
 * One rider, several customers: POST /api/quote with `{pickup, dropoffs}` through the app, against
 * the built-in courier (which prices up to 10 addresses) and against a legacy courier that quotes
 * one drop-off at a time.
 */

const { pickup, dropoff } = RECORDED_TRIP;
/** Real places of central Mexico City, all in the cdmx zone. */
const MORE_DROPOFFS = [
  {
    street: 'Durango',
    exteriorNumber: '200',
    neighborhood: 'Roma Norte',
    zipCode: '06700',
    lat: 19.4205,
    lng: -99.1625,
  },
  {
    street: 'Havre',
    exteriorNumber: '30',
    neighborhood: 'Juárez',
    zipCode: '06600',
    lat: 19.4272,
    lng: -99.1622,
  },
  {
    street: 'Génova',
    exteriorNumber: '33',
    neighborhood: 'Juárez',
    zipCode: '06600',
    lat: 19.4255,
    lng: -99.1647,
  },
  {
    street: 'Orizaba',
    exteriorNumber: '101',
    neighborhood: 'Roma Norte',
    zipCode: '06700',
    lat: 19.4163,
    lng: -99.1587,
  },
  {
    street: 'Salamanca',
    exteriorNumber: '85',
    neighborhood: 'Roma Norte',
    zipCode: '06700',
    lat: 19.4178,
    lng: -99.1686,
  },
  {
    street: 'Colima',
    exteriorNumber: '220',
    neighborhood: 'Roma Norte',
    zipCode: '06700',
    lat: 19.4187,
    lng: -99.1645,
  },
  {
    street: 'Londres',
    exteriorNumber: '162',
    neighborhood: 'Juárez',
    zipCode: '06600',
    lat: 19.4248,
    lng: -99.1634,
  },
  {
    street: 'Río Lerma',
    exteriorNumber: '156',
    neighborhood: 'Cuauhtémoc',
    zipCode: '06500',
    lat: 19.4297,
    lng: -99.1663,
  },
  {
    street: 'Lucerna',
    exteriorNumber: '56',
    neighborhood: 'Juárez',
    zipCode: '06600',
    lat: 19.4298,
    lng: -99.1561,
  },
];
const cents = (amount: number) => Math.round(amount * 100);
const sumCents = (amounts: number[]) => amounts.reduce((sum, amount) => sum + cents(amount), 0);

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
    const { quotedAt: _one, ...fromList } = listed.json.quote;
    const { quotedAt: _two, ...fromSingle } = single.json.quote;
    expect(fromList).toEqual(fromSingle);
    expect(fromList).toMatchObject({ total: 35, distanceKm: 1.58, etaMinutes: 28, isBike: true });
    expect(fromList.legs).toEqual([
      { from: 0, to: 1, distanceKm: 1.58, etaMinutes: 28, price: 35 },
    ]);
  });

  it('3 addresses: the legs come in stop order and add up to the totals to the cent', async () => {
    const answer = await browser.quote({ pickup, dropoffs: [dropoff, MORE_DROPOFFS[0]] });
    expect(answer.status).toBe(200);
    const { quote } = answer.json;
    expect(quote.legs.map((leg: { from: number; to: number }) => [leg.from, leg.to])).toEqual([
      [0, 1],
      [1, 2],
    ]);
    expect(sumCents(quote.legs.map((leg: { price: number }) => leg.price))).toBe(
      cents(quote.price),
    );
    expect(sumCents(quote.legs.map((leg: { distanceKm: number }) => leg.distanceKm))).toBe(
      cents(quote.distanceKm),
    );
    // The last stop's minutes are the trip's.
    expect(quote.legs.at(-1).etaMinutes).toBe(quote.etaMinutes);
    // A longer trip than A → B alone.
    expect(quote.distanceKm).toBeGreaterThan(1.58);
  });

  it('10 addresses (9 drop-offs), the most a quote takes, price per kilometre beyond the base', async () => {
    const answer = await browser.quote({
      pickup,
      dropoffs: [dropoff, ...MORE_DROPOFFS.slice(0, 8)],
    });
    expect(answer.status).toBe(200);
    const { quote } = answer.json;
    expect(quote.legs).toHaveLength(9);
    expect(sumCents(quote.legs.map((leg: { price: number }) => leg.price))).toBe(
      cents(quote.price),
    );
    expect(sumCents(quote.legs.map((leg: { distanceKm: number }) => leg.distanceKm))).toBe(
      cents(quote.distanceKm),
    );
    // 35.00 for the first 3 km and 7.50 for every km after.
    expect(quote.price).toBe(Math.round((35 + (quote.distanceKm - 3) * 7.5) * 100) / 100);
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
    expect(answer.json.quote.total).toBe(35);
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
