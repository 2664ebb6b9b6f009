import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchAnswer } from '@/lib/api/geocode';
import { GEOCODE_LOOKUPS_PER_WINDOW } from '@/lib/geocoding/geocode-endpoints';
import { resetProcessSingletons } from '@/lib/process-singleton';
import { startAppServer, type AppServer } from '../support/app-server';
import { Browser, errorEnvelope, TEST_SESSION_SECRET } from './app-fixtures';

/** Address lookup over real HTTP with the default built-in gazetteer and the built-in courier. */

let app: AppServer;
let addresses = 0;
const newBrowser = () => new Browser(app.origin, { 'x-forwarded-for': `198.18.4.${++addresses}` });
const signedIn = async () => {
  const browser = newBrowser();
  expect((await browser.signIn()).status).toBe(200);
  return browser;
};

beforeAll(async () => {
  resetProcessSingletons();
  app = await startAppServer({
    COURIER_BASE_URL: '{origin}/courier',
    COURIER_SERVICE: 'on',
    COURIER_CLIENT_ID: 'demo-client',
    COURIER_CLIENT_SECRET: 'demo-secret',
    COURIER_JWT_SECRET: 'geocode-contract-tests-signing-key-0123456789',
    COURIER_ACCOUNTS_FILE: undefined,
    COURIER_CLIENTS: undefined,
    SESSION_SECRET: TEST_SESSION_SECRET,
    GEOCODER: undefined,
  });
});
afterAll(() => app.close());

describe('address lookup is for signed-in dispatchers only', () => {
  it.each(['/api/geocode/reverse?lat=19.4245&lng=-99.1677', '/api/geocode/search?q=juarez'])(
    'GET %s without a session answers 401 unauthenticated',
    async (path) => {
      const answer = await newBrowser().request('GET', path);
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual(errorEnvelope('unauthenticated'));
    },
  );
});

describe('a pin fills the fields', () => {
  it('the recorded pickup, Varsovia 36, is in Juárez 06600', async () => {
    const browser = await signedIn();
    const answer = await browser.request(
      'GET',
      '/api/geocode/reverse?lat=19.4245207&lng=-99.1676911',
    );
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      address: {
        street: '',
        exteriorNumber: '',
        interiorNumber: '',
        neighborhood: 'Juárez',
        zipCode: '06600',
        lat: 19.4245207,
        lng: -99.1676911,
        label: 'Juárez, 06600 Cuauhtémoc, Ciudad de México',
        municipality: 'Cuauhtémoc',
        city: 'Ciudad de México',
        source: 'builtin',
      },
    });
    expect(answer.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
  });

  it('a pin in the Gulf of Mexico finds no address', async () => {
    const answer = await (await signedIn()).request('GET', '/api/geocode/reverse?lat=22.5&lng=-94');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ address: null });
  });

  it.each([
    ['lat=&lng=-99.1', 'lat'],
    ['lng=-99.1', 'lat'],
    ['lat=north&lng=-99.1', 'lat'],
    ['lat=91&lng=-99.1', 'lat'],
    ['lat=19.4&lng=-181', 'lng'],
    ['lat=19.4&lng=1e3', 'lng'],
  ])('?%s is refused with 400 naming %s', async (query, field) => {
    const answer = await (await signedIn()).request('GET', `/api/geocode/reverse?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.json.error.code).toBe('invalid_request');
    expect(answer.json.error.fields).toHaveProperty(field);
  });
});

describe('text finds the pin', () => {
  it('"juarez" finds Juárez first, accents aside, with its centre', async () => {
    const answer = await (await signedIn()).request('GET', '/api/geocode/search?q=juarez');
    expect(answer.status).toBe(200);
    expect(answer.json.results[0]).toMatchObject({
      neighborhood: 'Juárez',
      zipCode: '06600',
      source: 'builtin',
    });
    expect(answer.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
  });

  it('a zip code finds its colonia', async () => {
    const answer = await (await signedIn()).request('GET', '/api/geocode/search?q=06100');
    expect(
      answer.json.results.map((result: { neighborhood: string }) => result.neighborhood),
    ).toEqual(['Hipódromo']);
  });

  it('with the map on Guadalajara, "centro" finds Guadalajara Centro first', async () => {
    const answer = await (
      await signedIn()
    ).request('GET', '/api/geocode/search?q=centro&lat=20.67&lng=-103.35');
    expect(answer.json.results[0]).toMatchObject({
      neighborhood: 'Guadalajara Centro',
      zipCode: '44100',
    });
  });

  it('text that names no colonia finds none, and is offered as typed', async () => {
    const browser = await signedIn();
    const answer = await browser.request('GET', '/api/geocode/search?q=zzzz');
    expect(answer.json).toEqual({
      results: [],
      typed: { street: 'Zzzz', exteriorNumber: '', interiorNumber: '' },
    });
    const nothing = await browser.request(
      'GET',
      `/api/geocode/search?q=${encodeURIComponent('¿?')}`,
    );
    expect(nothing.json).toEqual({ results: [], typed: null });
  });

  it.each([
    ['', 'q'],
    ['q=%20%20', 'q'],
    [`q=${'a'.repeat(201)}`, 'q'],
    ['q=roma&lat=19.4', 'lat'],
    ['q=roma&lat=19.4&lng=west', 'lng'],
  ])('?%s is refused with 400 naming %s', async (query, field) => {
    const answer = await (await signedIn()).request('GET', `/api/geocode/search?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.json.error.code).toBe('invalid_request');
    expect(answer.json.error.fields).toHaveProperty(field);
  });
});

describe('the search finds what dispatchers type (issue 12)', () => {
  const DEFAULT_VIEW = 'lat=19.4245&lng=-99.1635';
  let browser: Browser;
  beforeAll(async () => {
    browser = await signedIn();
  });
  const search = async (text: string) => {
    const answer = await browser.request(
      'GET',
      `/api/geocode/search?q=${encodeURIComponent(text)}&${DEFAULT_VIEW}`,
    );
    expect(answer.status).toBe(200);
    return answer.json as SearchAnswer;
  };

  it('"Varsovia 36, Juárez": the colonia Juárez, with street and number from the text', async () => {
    const { results, typed } = await search('Varsovia 36, Juárez');
    expect(results[0]).toMatchObject({
      kind: 'colonia',
      street: 'Varsovia',
      exteriorNumber: '36',
      interiorNumber: '',
      neighborhood: 'Juárez',
      zipCode: '06600',
      fromText: ['street', 'exteriorNumber'],
      source: 'builtin',
    });
    expect(typed).toBeNull();
  });

  it('"Sonora 180 int 1 Hipódromo": Hipódromo, with street and both numbers from the text', async () => {
    const { results, typed } = await search('Sonora 180 int 1 Hipódromo');
    expect(results[0]).toMatchObject({
      kind: 'colonia',
      street: 'Sonora',
      exteriorNumber: '180',
      interiorNumber: '1',
      neighborhood: 'Hipódromo',
      zipCode: '06100',
      fromText: ['street', 'exteriorNumber', 'interiorNumber'],
    });
    expect(typed).toBeNull();
  });

  it('"roma nte": Roma Norte', async () => {
    const { results, typed } = await search('roma nte');
    expect(results).toEqual([
      expect.objectContaining({ kind: 'colonia', neighborhood: 'Roma Norte', fromText: [] }),
    ]);
    expect(typed).toBeNull();
  });

  it('"col. del valle": the Del Valle colonias first', async () => {
    const { results, typed } = await search('col. del valle');
    expect(
      results
        .slice(0, 3)
        .map((result) => result.neighborhood)
        .sort(),
    ).toEqual(['Del Valle Centro', 'Del Valle Norte', 'Del Valle Sur']);
    expect(results.every((result) => result.kind === 'colonia')).toBe(true);
    expect(typed).toBeNull();
  });

  it('"06600": Juárez, found by its zip code', async () => {
    const { results, typed } = await search('06600');
    expect(results).toEqual([
      expect.objectContaining({ kind: 'zip', neighborhood: 'Juárez', zipCode: '06600' }),
    ]);
    expect(typed).toBeNull();
  });

  it('"av insurgentes sur 1602": no colonia in the text; the street is offered as typed', async () => {
    expect(await search('av insurgentes sur 1602')).toEqual({
      results: [],
      typed: { street: 'Avenida Insurgentes Sur', exteriorNumber: '1602', interiorNumber: '' },
    });
  });

  it('"Insurgentes": colonias named …Insurgentes, and Insurgentes offered as the street', async () => {
    const { results, typed } = await search('Insurgentes');
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((result) => result.neighborhood.includes('Insurgentes'))).toBe(true);
    expect(typed).toEqual({ street: 'Insurgentes', exteriorNumber: '', interiorNumber: '' });
  });
});

describe('lookups are limited per session', () => {
  it(`after ${GEOCODE_LOOKUPS_PER_WINDOW} lookups in a minute the next one gets 429 with Retry-After`, async () => {
    const browser = await signedIn();
    for (let i = 0; i < GEOCODE_LOOKUPS_PER_WINDOW; i += 1) {
      const answer = await browser.request(
        'GET',
        `/api/geocode/search?q=roma${i % 2 ? '' : '%20norte'}`,
      );
      expect(answer.status).toBe(200);
    }
    const refused = await browser.request('GET', '/api/geocode/reverse?lat=19.42&lng=-99.16');
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual(errorEnvelope('rate_limited'));
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    // Another dispatcher is not held back by it.
    const other = await signedIn();
    expect((await other.request('GET', '/api/geocode/search?q=roma')).status).toBe(200);
  });
});
