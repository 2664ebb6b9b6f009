import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
