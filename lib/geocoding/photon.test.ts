import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GeocoderStandIn, StandInBehaviour } from '@/test/support/nominatim-stand-in';
import { startPhotonStandIn } from '@/test/support/photon-stand-in';
import { GeocoderError } from './errors';
import { PhotonGeocoder, type PhotonOptions } from './photon';
import { addressQuery } from './search-addresses';

const VARSOVIA_36 = { lat: 19.4245207, lng: -99.1676911 };
const SONORA_180 = { lat: 19.4133562, lng: -99.1672142 };

let standIn: GeocoderStandIn;
beforeAll(async () => {
  standIn = await startPhotonStandIn();
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.requests.length = 0;
  standIn.behave('normal');
});

const photon = (options: Partial<PhotonOptions> = {}) =>
  new PhotonGeocoder({ baseUrl: standIn.url, timeoutMs: 2_000, ...options });

describe('Photon: a pin fills the fields', () => {
  it('reads street, number, colonia, zip and alcaldía from the GeoJSON feature', async () => {
    expect(await photon().reverse(SONORA_180.lat, SONORA_180.lng)).toEqual({
      street: 'Sonora',
      exteriorNumber: '180',
      interiorNumber: '',
      neighborhood: 'Hipódromo',
      zipCode: '06100',
      lat: SONORA_180.lat,
      lng: SONORA_180.lng,
      label: 'Sonora 180, Hipódromo, 06100 Cuauhtémoc, Ciudad de México',
      municipality: 'Cuauhtémoc',
      city: 'Ciudad de México',
      source: 'photon',
    });
    const [seen] = standIn.requests;
    expect(seen?.path).toBe('/reverse');
    expect(Object.fromEntries(seen!.params)).toMatchObject({ lat: '19.4134', lon: '-99.1672' });
    expect(seen?.headers['user-agent']).toMatch(/^DispatchQuote\/\d+\.\d+\.\d+$/);
  });

  it('a pin where Photon finds nothing gives no address', async () => {
    expect(await photon().reverse(22.5, -94.0)).toBeNull();
  });
});

describe('Photon: text finds the pin as the dispatcher types', () => {
  it('searches /api with a limit, the local language and Mexico as the area', async () => {
    const results = await photon().search(addressQuery('varsovia 36'));
    expect(results).toEqual([
      expect.objectContaining({
        street: 'Varsovia',
        exteriorNumber: '36',
        neighborhood: 'Juárez',
        zipCode: '06600',
        lat: VARSOVIA_36.lat,
        lng: VARSOVIA_36.lng,
      }),
    ]);
    const params = Object.fromEntries(standIn.requests[0]!.params);
    // The text is sent as rebuilt from its parts (lib/geocoding/provider-query.ts).
    expect(params).toMatchObject({ q: 'Varsovia 36', lang: 'default' });
    expect(Number(params.limit)).toBeGreaterThan(0);
    const [minLon, minLat, maxLon, maxLat] = params.bbox!.split(',').map(Number);
    expect(minLon! < VARSOVIA_36.lng && VARSOVIA_36.lng < maxLon!).toBe(true);
    expect(minLat! < VARSOVIA_36.lat && VARSOVIA_36.lat < maxLat!).toBe(true);
  });

  it('biases results towards the map when given a centre', async () => {
    await photon().search(addressQuery('sonora'), SONORA_180);
    const params = standIn.requests[0]!.params;
    expect(Number(params.get('lat'))).toBeCloseTo(SONORA_180.lat, 1);
    expect(Number(params.get('lon'))).toBeCloseTo(SONORA_180.lng, 1);
  });

  it('a place with a name is labelled by it', async () => {
    const [museum] = await photon().search(addressQuery('frida kahlo'));
    expect(museum?.label).toBe(
      'Museo Frida Kahlo, Londres 247, Del Carmen, 04100 Coyoacán, Ciudad de México',
    );
  });

  it('lets the screen search as the dispatcher types, with the OSM attribution', () => {
    expect(photon().capabilities).toMatchObject({
      autocomplete: true,
      attribution: expect.stringContaining('OpenStreetMap'),
    });
  });

  it('answers repeated lookups from its cache', async () => {
    const provider = photon();
    await provider.search(addressQuery('Varsovia'));
    await provider.search(addressQuery('varsovia'));
    await provider.reverse(SONORA_180.lat, SONORA_180.lng);
    await provider.reverse(SONORA_180.lat, SONORA_180.lng);
    expect(standIn.requests.map((request) => request.path)).toEqual(['/api', '/reverse']);
  });
});

describe('Photon: each result says what it is, and the text is sent clean', () => {
  it.each([
    ['Varsovia 36', 'address', { street: 'Varsovia', exteriorNumber: '36' }],
    [
      'av insurgentes sur 1602',
      'street',
      { street: 'Avenida Insurgentes Sur', exteriorNumber: '' },
    ],
    ['roma nte', 'colonia', { neighborhood: 'Roma Norte', zipCode: '06700', street: '' }],
    ['06600', 'colonia', { neighborhood: 'Juárez', zipCode: '06600' }],
    ['frida kahlo', 'address', { street: 'Londres', exteriorNumber: '247' }],
  ] as const)('"%s" first finds a %s', async (text, kind, fields) => {
    const [first] = await photon().search(addressQuery(text));
    expect(first).toMatchObject({ kind, ...fields, interiorNumber: '', source: 'photon' });
  });

  it('never sends the interior number or the markers', async () => {
    await photon().search(addressQuery('Sonora 180 int 1, col. Hipódromo, C.P. 06100'));
    expect(standIn.requests.map((request) => request.params.get('q'))).toEqual([
      'Sonora 180, Hipódromo, 06100',
    ]);
  });

  it('asks once more with just the colonia when the address finds nothing', async () => {
    const results = await photon().search(addressQuery('Varsovia 38, Juárez'));
    expect(standIn.requests.map((request) => request.params.get('q'))).toEqual([
      'Varsovia 38, Juárez',
      'Juárez',
    ]);
    expect(results[0]).toMatchObject({ kind: 'colonia', neighborhood: 'Juárez' });
  });

  it('keeps both answers in its cache, by the text it sent', async () => {
    const provider = photon();
    await provider.search(addressQuery('Varsovia 38, Juárez'));
    await provider.search(addressQuery('varsovia 38 juárez'));
    await provider.search(addressQuery('col. juarez'));
    expect(standIn.requests).toHaveLength(2);
  });
});

describe('Photon: a pin near the map’s default view gets street and number', () => {
  // The default view (19.4245, −99.1635), and taps up to about 600 m from it.
  it.each([
    [0, 0],
    [0.0054, 0],
    [-0.0054, 0],
    [0, 0.0057],
    [0, -0.0057],
    [0.0038, -0.004],
    [-0.0038, 0.004],
  ])('a tap %s°, %s° from the centre', async (dLat, dLng) => {
    const address = await photon().reverse(19.4245 + dLat, -99.1635 + dLng);
    expect(address?.street).not.toBe('');
    expect(address?.exteriorNumber).toMatch(/^\d+$/);
    expect(address?.zipCode).toMatch(/^\d{5}$/);
    expect(address?.neighborhood).not.toBe('');
  });

  it('more than 1 km (Photon’s default radius) from any known place finds nothing', async () => {
    expect(await photon().reverse(19.46, -99.16)).toBeNull();
  });
});

describe('Photon failures come back as typed errors, never a hang', () => {
  it.each([
    ['an HTTP 500 page', 'server-error', 'http'],
    ['an HTML page with status 200', 'html', 'invalid_response'],
    ['a body that is not JSON', 'garbage', 'invalid_response'],
    ['JSON that is not a feature collection', 'wrong-shape', 'invalid_response'],
    ['no answer at all', 'hang', 'timeout'],
  ] as const satisfies ReadonlyArray<readonly [string, StandInBehaviour, string]>)(
    '%s',
    async (_, behaviour, failure) => {
      standIn.behave(behaviour);
      const provider = photon({ timeoutMs: 300 });
      for (const call of [
        () => provider.search(addressQuery('Varsovia')),
        () => provider.reverse(VARSOVIA_36.lat, VARSOVIA_36.lng),
      ]) {
        const error = await call().then(
          () => undefined,
          (reason: unknown) => reason,
        );
        expect(error).toBeInstanceOf(GeocoderError);
        expect(error).toMatchObject({ provider: 'photon', failure });
      }
    },
  );
});
