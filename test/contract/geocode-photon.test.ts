import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SearchAnswer } from '@/lib/api/geocode';
import { resetProcessSingletons } from '@/lib/process-singleton';
import { startAppServer, type AppServer } from '../support/app-server';
import type { GeocoderStandIn } from '../support/nominatim-stand-in';
import { startPhotonStandIn } from '../support/photon-stand-in';
import { Browser, errorEnvelope, TEST_SESSION_SECRET } from './app-fixtures';

/** GEOCODER=photon over real HTTP: answers, and clear JSON errors when Photon fails. */

let photon: GeocoderStandIn;
let app: AppServer;
let browser: Browser;

beforeAll(async () => {
  resetProcessSingletons();
  photon = await startPhotonStandIn();
  app = await startAppServer({
    COURIER_BASE_URL: '{origin}/courier',
    COURIER_SERVICE: 'on',
    COURIER_CLIENT_ID: 'demo-client',
    COURIER_CLIENT_SECRET: 'demo-secret',
    COURIER_JWT_SECRET: 'geocode-contract-tests-signing-key-0123456789',
    COURIER_ACCOUNTS_FILE: undefined,
    COURIER_CLIENTS: undefined,
    SESSION_SECRET: TEST_SESSION_SECRET,
    GEOCODER: 'photon',
    PHOTON_URL: photon.url,
    GEOCODER_TIMEOUT_MS: '300',
  });
  browser = new Browser(app.origin, { 'x-forwarded-for': '198.18.5.1' });
  expect((await browser.signIn()).status).toBe(200);
});
afterAll(async () => {
  await app.close();
  await photon.close();
});
beforeEach(() => {
  photon.behave('normal');
  photon.requests.length = 0;
});

/** Each failure test uses a text never asked before, so no cached answer hides the failure. */
let fresh = 0;
const newText = () => `calle ${++fresh}`;

describe('Photon behind the geocode routes', () => {
  it('a pin is filled from Photon, street and number included', async () => {
    const answer = await browser.request(
      'GET',
      '/api/geocode/reverse?lat=19.4245207&lng=-99.1676911',
    );
    expect(answer.status).toBe(200);
    expect(answer.json.address).toMatchObject({
      street: 'Varsovia',
      exteriorNumber: '36',
      interiorNumber: '',
      neighborhood: 'Juárez',
      zipCode: '06600',
      source: 'photon',
    });
  });

  it('search passes the map centre on to Photon', async () => {
    const answer = await browser.request(
      'GET',
      '/api/geocode/search?q=sonora%20180&lat=19.41&lng=-99.17',
    );
    expect(answer.json.results).toHaveLength(1);
    expect(photon.requests[0]?.params.get('lat')).toBe('19.41');
  });

  it.each([
    ['answers HTTP 500', 'server-error'],
    ['sends an HTML page', 'html'],
    ['sends a body that is not JSON', 'garbage'],
  ] as const)(
    'when Photon %s, the route answers 503 geocoder_unavailable',
    async (_, behaviour) => {
      photon.behave(behaviour);
      const answer = await browser.request(
        'GET',
        `/api/geocode/search?q=${encodeURIComponent(newText())}`,
      );
      expect(answer.status).toBe(503);
      expect(answer.json).toEqual(errorEnvelope('geocoder_unavailable'));
      expect(answer.text).not.toContain(photon.url);
      expect(answer.headers.get('cache-control')).toBe('no-store');
    },
  );

  it('when Photon does not answer, the route answers 504 geocoder_timeout instead of hanging', async () => {
    photon.behave('hang');
    const answer = await browser.request('GET', '/api/geocode/reverse?lat=19.3551&lng=-99.1625');
    expect(answer.status).toBe(504);
    expect(answer.json).toEqual(errorEnvelope('geocoder_timeout'));
  });
});

describe('Photon: the search finds what dispatchers type (issue 12)', () => {
  const search = async (text: string) => {
    const answer = await browser.request(
      'GET',
      `/api/geocode/search?q=${encodeURIComponent(text)}&lat=19.4245&lng=-99.1635`,
    );
    expect(answer.status).toBe(200);
    return answer.json as SearchAnswer;
  };

  it('"Varsovia 36, Juárez": the house itself, nothing taken from the text', async () => {
    const { results, typed } = await search('Varsovia 36, Juárez');
    expect(results).toEqual([
      expect.objectContaining({
        kind: 'address',
        street: 'Varsovia',
        exteriorNumber: '36',
        interiorNumber: '',
        neighborhood: 'Juárez',
        zipCode: '06600',
        fromText: [],
        source: 'photon',
      }),
    ]);
    expect(typed).toBeNull();
    expect(photon.requests.map((seen) => seen.params.get('q'))).toEqual(['Varsovia 36, Juárez']);
  });

  it('"Sonora 180 int 1 Hipódromo": the house; the interior number from the text, never sent', async () => {
    const { results, typed } = await search('Sonora 180 int 1 Hipódromo');
    expect(results[0]).toMatchObject({
      kind: 'address',
      street: 'Sonora',
      exteriorNumber: '180',
      interiorNumber: '1',
      neighborhood: 'Hipódromo',
      zipCode: '06100',
      fromText: ['interiorNumber'],
    });
    expect(typed).toBeNull();
    expect(photon.requests[0]?.params.get('q')).toBe('Sonora 180, Hipódromo');
  });

  it('"roma nte": the colonia Roma Norte first', async () => {
    const { results, typed } = await search('roma nte');
    expect(results[0]).toMatchObject({
      kind: 'colonia',
      neighborhood: 'Roma Norte',
      zipCode: '06700',
      street: '',
      fromText: [],
    });
    expect(typed).toBeNull();
  });

  it('"col. del valle": the Del Valle colonias', async () => {
    const { results } = await search('col. del valle');
    expect(results.map(({ kind, neighborhood }) => `${kind} ${neighborhood}`)).toEqual([
      'colonia Del Valle Norte',
      'colonia Del Valle Centro',
      'colonia Del Valle Sur',
    ]);
  });

  it('"06600": the colonia Juárez first, then addresses with that zip code', async () => {
    const { results, typed } = await search('06600');
    expect(results[0]).toMatchObject({ kind: 'colonia', neighborhood: 'Juárez', zipCode: '06600' });
    expect(results.slice(1).every((result) => result.zipCode === '06600')).toBe(true);
    expect(typed).toBeNull();
  });

  it('"av insurgentes sur 1602": the avenue, with the number typed', async () => {
    const { results, typed } = await search('av insurgentes sur 1602');
    expect(results).toEqual([
      expect.objectContaining({
        kind: 'street',
        street: 'Avenida Insurgentes Sur',
        exteriorNumber: '1602',
        fromText: ['exteriorNumber'],
      }),
    ]);
    expect(typed).toBeNull();
  });

  it('"Av. Juárez 100, Centro, Guadalajara, Jal.": Photon gets the place in the text, a bias and a box there', async () => {
    const { results } = await search('Av. Juárez 100, Centro, Guadalajara, Jal.');
    expect(results).toEqual([]);
    const [first] = photon.requests;
    expect(first?.params.get('q')).toBe('Avenida Juárez 100, Centro, Guadalajara, Jalisco');
    expect([first?.params.get('lat'), first?.params.get('lon')]).toEqual(['20.6767', '-103.3475']);
    const [minLon, minLat, maxLon, maxLat] = first!.params.get('bbox')!.split(',').map(Number);
    expect(minLon! < -103.35 && -103.35 < maxLon! && minLat! < 20.68 && 20.68 < maxLat!).toBe(true);
    // The stand-in's Mexico City places lie outside the box, as they would for Photon.
    expect(maxLon! < -99.5).toBe(true);
  });

  it('a full address Photon cannot find falls back to its colonia, street and numbers kept', async () => {
    const { results, typed } = await search(
      'Av. Insurgentes Sur 1602 piso 3, Crédito Constructor, 03940 CDMX',
    );
    // "CDMX" is no part of the address: it follows it as the place (lib/geocoding/place-words.ts).
    expect(photon.requests.map((seen) => seen.params.get('q'))).toEqual([
      'Avenida Insurgentes Sur 1602, Crédito Constructor, 03940, Ciudad de México',
      'Crédito Constructor, 03940, Ciudad de México',
    ]);
    expect(results[0]).toMatchObject({
      kind: 'colonia',
      street: 'Avenida Insurgentes Sur',
      exteriorNumber: '1602',
      interiorNumber: 'Piso 3',
      neighborhood: 'Crédito Constructor',
      zipCode: '03940',
      fromText: ['street', 'exteriorNumber', 'interiorNumber'],
    });
    expect(typed).toBeNull();
  });
});

describe('Photon: a pin near the map’s default view gets street and number', () => {
  // The default view is 19.4245, −99.1635; the browser tests tap up to about 600 m from it.
  it.each([
    ['the centre', 19.4245, -99.1635],
    ['500 m north', 19.429, -99.1635],
    ['600 m south-west', 19.4207, -99.168],
    ['600 m east', 19.4245, -99.1578],
  ])('at %s', async (_, lat, lng) => {
    const answer = await browser.request('GET', `/api/geocode/reverse?lat=${lat}&lng=${lng}`);
    expect(answer.status).toBe(200);
    expect(answer.json.address).toMatchObject({
      street: expect.stringMatching(/\S/),
      exteriorNumber: expect.stringMatching(/^\d+$/),
      interiorNumber: '',
      neighborhood: expect.stringMatching(/\S/),
      zipCode: expect.stringMatching(/^\d{5}$/),
      lat,
      lng,
      source: 'photon',
    });
  });

  it('far from any place Photon knows, nothing', async () => {
    const answer = await browser.request('GET', '/api/geocode/reverse?lat=22.5&lng=-97.9');
    expect(answer.json).toEqual({ address: null });
  });
});
