import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchAnswer } from '@/lib/api/geocode';
import { resetProcessSingletons } from '@/lib/process-singleton';
import { startAppServer, type AppServer } from '../support/app-server';
import { startNominatimStandIn, type GeocoderStandIn } from '../support/nominatim-stand-in';
import { Browser, errorEnvelope, TEST_SESSION_SECRET } from './app-fixtures';

/** GEOCODER=nominatim over real HTTP: the usage policy holds for the whole app. */

let nominatim: GeocoderStandIn;
let app: AppServer;

beforeAll(async () => {
  resetProcessSingletons();
  nominatim = await startNominatimStandIn();
  app = await startAppServer({
    COURIER_BASE_URL: '{origin}/courier',
    COURIER_SERVICE: 'on',
    COURIER_CLIENT_ID: 'demo-client',
    COURIER_CLIENT_SECRET: 'demo-secret',
    COURIER_JWT_SECRET: 'geocode-contract-tests-signing-key-0123456789',
    COURIER_ACCOUNTS_FILE: undefined,
    COURIER_CLIENTS: undefined,
    SESSION_SECRET: TEST_SESSION_SECRET,
    GEOCODER: 'nominatim',
    NOMINATIM_URL: nominatim.url,
    NOMINATIM_CONTACT: 'dispatch-ops@example.com',
    GEOCODER_TIMEOUT_MS: '1000',
  });
});
afterAll(async () => {
  await app.close();
  await nominatim.close();
});

const signedIn = async (address: string) => {
  const browser = new Browser(app.origin, { 'x-forwarded-for': address });
  expect((await browser.signIn()).status).toBe(200);
  return browser;
};

describe('Nominatim behind the geocode routes', () => {
  it('two dispatchers share one queue: one request per second, the overflow gets 503 with Retry-After', async () => {
    const [ana, beto] = await Promise.all([signedIn('198.18.6.1'), signedIn('198.18.6.2')]);
    const answers = await Promise.all([
      ana.request('GET', '/api/geocode/reverse?lat=19.4245207&lng=-99.1676911'),
      beto.request('GET', '/api/geocode/reverse?lat=19.4133562&lng=-99.1672142'),
      ana.request('GET', '/api/geocode/search?q=londres%20247'),
      beto.request('GET', '/api/geocode/search?q=sonora%20180'),
    ]);
    // One goes at once, one waits a second; the third would wait two and the fourth three, more
    // than they may (1 s). A loaded machine may delay one arrival by a second, not two: at least
    // one of the four is always turned down.
    const served = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(served.length).toBeGreaterThanOrEqual(2);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const answer of refused) {
      expect(answer.status).toBe(503);
      expect(answer.json).toEqual(errorEnvelope('geocoder_unavailable'));
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }

    expect(nominatim.requests).toHaveLength(served.length);
    const [first] = nominatim.requests;
    for (const [earlier, later] of nominatim.requests
      .slice(1)
      .map((r, i) => [nominatim.requests[i]!, r] as const)) {
      expect(later.receivedAt - earlier.receivedAt).toBeGreaterThanOrEqual(950);
    }
    expect(first!.headers['user-agent']).toMatch(
      /^DispatchQuote\/.+ \(dispatch-ops@example\.com\)$/,
    );
  });

  it('a place already looked up is answered from the cache, without asking Nominatim', async () => {
    const browser = await signedIn('198.18.6.3');
    const casaAzul = '/api/geocode/reverse?lat=19.3551&lng=-99.1625';
    const first = await browser.request('GET', casaAzul);
    expect(first.json.address).toMatchObject({ neighborhood: 'Del Carmen', source: 'nominatim' });
    const asked = nominatim.requests.length;
    const again = await browser.request('GET', casaAzul);
    expect(again.json).toEqual(first.json);
    expect(nominatim.requests.length).toBe(asked);
  });
});

describe('Nominatim: the search finds what dispatchers type (issue 12)', () => {
  // Each lookup waits its turn at the one-per-second gate: these tests take a few seconds.
  let browser: Browser;
  beforeAll(async () => {
    browser = await signedIn('198.18.6.4');
  });
  const search = async (text: string) => {
    const answer = await browser.request(
      'GET',
      `/api/geocode/search?q=${encodeURIComponent(text)}&lat=19.4245&lng=-99.1635`,
    );
    expect(answer.status).toBe(200);
    return answer.json as SearchAnswer;
  };

  it('"Varsovia 36, Juárez": the house itself', async () => {
    const { results, typed } = await search('Varsovia 36, Juárez');
    expect(results[0]).toMatchObject({
      kind: 'address',
      street: 'Varsovia',
      exteriorNumber: '36',
      neighborhood: 'Juárez',
      zipCode: '06600',
      fromText: [],
      source: 'nominatim',
    });
    expect(typed).toBeNull();
  });

  it('"Sonora 180 int 1 Hipódromo": the house, the interior number from the text', async () => {
    const { results } = await search('Sonora 180 int 1 Hipódromo');
    expect(results[0]).toMatchObject({
      kind: 'address',
      street: 'Sonora',
      exteriorNumber: '180',
      interiorNumber: '1',
      fromText: ['interiorNumber'],
    });
    expect(nominatim.requests.at(-1)?.params.get('q')).toBe('Sonora 180, Hipódromo');
  });

  it('"roma nte": the colonia Roma Norte first', async () => {
    const { results, typed } = await search('roma nte');
    expect(results[0]).toMatchObject({ kind: 'colonia', neighborhood: 'Roma Norte' });
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

  it('"06600": the colonia Juárez first', async () => {
    const { results } = await search('06600');
    expect(results[0]).toMatchObject({ kind: 'colonia', neighborhood: 'Juárez', zipCode: '06600' });
  });

  it('"av insurgentes sur 1602": the avenue, with the number typed', async () => {
    const { results, typed } = await search('av insurgentes sur 1602');
    expect(results[0]).toMatchObject({
      kind: 'street',
      street: 'Avenida Insurgentes Sur',
      exteriorNumber: '1602',
      fromText: ['exteriorNumber'],
    });
    expect(typed).toBeNull();
  });

  it('"Av. Juárez 100, Guadalajara, Jal.": Nominatim gets street, city and state as its own parameters', async () => {
    const asked = nominatim.requests.length;
    const { results } = await search('Av. Juárez 100, Guadalajara, Jal.');
    expect(results).toEqual([]);
    const sent = nominatim.requests.slice(asked).map((seen) => Object.fromEntries(seen.params));
    expect(sent).toEqual([
      expect.objectContaining({
        street: '100 Avenida Juárez',
        city: 'Guadalajara',
        state: 'Jalisco',
        countrycodes: 'mx',
      }),
    ]);
    expect(sent[0]).not.toHaveProperty('q');
  });

  it('"Monterrey, N.L." with a courier that publishes no zones: asked there, no Mexico City result', async () => {
    const asked = nominatim.requests.length;
    const answer = await search('Av. Juárez 100, Monterrey, N.L.');
    expect(answer).toEqual({
      results: [],
      typed: { street: 'Avenida Juárez', exteriorNumber: '100', interiorNumber: '' },
    });
    expect(Object.fromEntries(nominatim.requests[asked]!.params)).toMatchObject({
      street: '100 Avenida Juárez',
      city: 'Monterrey',
      state: 'Nuevo León',
    });
  });

  it('a pin near the map’s default view gets street and number', async () => {
    const answer = await browser.request('GET', '/api/geocode/reverse?lat=19.4207&lng=-99.168');
    expect(answer.json.address).toMatchObject({
      street: expect.stringMatching(/\S/),
      exteriorNumber: expect.stringMatching(/^\d+$/),
      interiorNumber: '',
      zipCode: expect.stringMatching(/^\d{5}$/),
      source: 'nominatim',
    });
  });
});
