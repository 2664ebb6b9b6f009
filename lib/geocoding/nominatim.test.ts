import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startNominatimStandIn,
  type GeocoderStandIn,
  type StandInBehaviour,
} from '@/test/support/nominatim-stand-in';
import { GeocoderError } from './errors';
import { NominatimGeocoder, type NominatimOptions } from './nominatim';
import { addressQuery } from './search-addresses';

const VARSOVIA_36 = { lat: 19.4245207, lng: -99.1676911 };
const SONORA_180 = { lat: 19.4133562, lng: -99.1672142 };
const CASA_AZUL = { lat: 19.3551, lng: -99.1625 };

let standIn: GeocoderStandIn;
beforeAll(async () => {
  standIn = await startNominatimStandIn();
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.requests.length = 0;
  standIn.behave('normal');
});

/** A fresh provider per test: its own one-per-second queue and cache. */
const nominatim = (options: Partial<NominatimOptions> = {}) =>
  new NominatimGeocoder({
    baseUrl: standIn.url,
    contact: 'ops@example.com',
    timeoutMs: 2_000,
    ...options,
  });

describe('Nominatim: a pin fills the fields', () => {
  it('reads street, number, colonia, zip and alcaldía from the address details', async () => {
    const address = await nominatim().reverse(VARSOVIA_36.lat, VARSOVIA_36.lng);
    expect(address).toEqual({
      street: 'Varsovia',
      exteriorNumber: '36',
      interiorNumber: '',
      neighborhood: 'Juárez',
      zipCode: '06600',
      lat: VARSOVIA_36.lat,
      lng: VARSOVIA_36.lng,
      label: 'Varsovia 36, Juárez, 06600 Cuauhtémoc, Ciudad de México',
      municipality: 'Cuauhtémoc',
      city: 'Ciudad de México',
      source: 'nominatim',
    });
  });

  it('asks /reverse in jsonv2 with address details, identifying the app and its operator', async () => {
    await nominatim().reverse(VARSOVIA_36.lat, VARSOVIA_36.lng);
    const [seen] = standIn.requests;
    expect(seen?.path).toBe('/reverse');
    expect(Object.fromEntries(seen!.params)).toMatchObject({
      format: 'jsonv2',
      lat: '19.4245',
      lon: '-99.1677',
      addressdetails: '1',
    });
    expect(seen?.headers['user-agent']).toMatch(
      /^DispatchQuote\/\d+\.\d+\.\d+ \(ops@example\.com\)$/,
    );
  });

  it('a pin where Nominatim knows nothing gives no address', async () => {
    expect(await nominatim().reverse(22.5, -94.0)).toBeNull();
  });
});

describe('Nominatim: text finds the pin', () => {
  it('searches Mexico only, with address details and a bounded number of results', async () => {
    const results = await nominatim().search(addressQuery('Londres 247 Coyoacán'));
    expect(results).toEqual([
      expect.objectContaining({
        street: 'Londres',
        exteriorNumber: '247',
        neighborhood: 'Del Carmen',
        zipCode: '04100',
        municipality: 'Coyoacán',
        lat: CASA_AZUL.lat,
        lng: CASA_AZUL.lng,
        label: 'Museo Frida Kahlo, Londres 247, Del Carmen, 04100 Coyoacán, Ciudad de México',
        source: 'nominatim',
      }),
    ]);
    const params = Object.fromEntries(standIn.requests[0]!.params);
    expect(params).toMatchObject({
      format: 'jsonv2',
      // Rebuilt from the text's parts: street and number, then the colonia.
      q: 'Londres 247, Coyoacán',
      addressdetails: '1',
      countrycodes: 'mx',
    });
    expect(Number(params.limit)).toBeGreaterThan(0);
    expect(Number(params.limit)).toBeLessThanOrEqual(10);
  });

  it('prefers the area of the map when given one', async () => {
    await nominatim().search(addressQuery('Sonora 180'), SONORA_180);
    const params = standIn.requests[0]!.params;
    const [west, north, east, south] = params.get('viewbox')!.split(',').map(Number);
    expect(west! < SONORA_180.lng && SONORA_180.lng < east!).toBe(true);
    expect(south! < SONORA_180.lat && SONORA_180.lat < north!).toBe(true);
    expect(params.get('bounded')).toBe('0');
  });

  it('says it cannot search as the dispatcher types, and shows the OSM attribution', () => {
    expect(nominatim().capabilities).toEqual({
      provider: 'nominatim',
      autocomplete: false,
      attribution: expect.stringContaining('OpenStreetMap'),
    });
  });
});

describe('Nominatim: each result says what it is, and the text is sent clean', () => {
  it.each([
    ['Varsovia 36', 'address', { street: 'Varsovia', exteriorNumber: '36' }],
    [
      'av insurgentes sur 1602',
      'street',
      { street: 'Avenida Insurgentes Sur', exteriorNumber: '' },
    ],
    ['roma nte', 'colonia', { neighborhood: 'Roma Norte', zipCode: '06700', street: '' }],
    ['col. del valle', 'colonia', { neighborhood: 'Del Valle Norte', zipCode: '03103' }],
  ] as const)('"%s" first finds a %s', async (text, kind, fields) => {
    const [first] = await nominatim().search(addressQuery(text));
    expect(first).toMatchObject({ kind, ...fields, interiorNumber: '', source: 'nominatim' });
  });

  it('never sends the interior number', async () => {
    await nominatim().search(addressQuery('Calz. de Tlalpan 1000 depto 4'));
    expect(standIn.requests[0]!.params.get('q')).toBe('Calzada de Tlalpan 1000');
  });

  it('asks once more with just the colonia, a second later, when the address finds nothing', async () => {
    const results = await nominatim().search(addressQuery('Varsovia 38, Juárez, 06600'));
    expect(results[0]).toMatchObject({ kind: 'colonia', neighborhood: 'Juárez' });
    const [first, second] = standIn.requests;
    expect([first?.params.get('q'), second?.params.get('q')]).toEqual([
      'Varsovia 38, Juárez, 06600',
      'Juárez, 06600',
    ]);
    expect(second!.receivedAt - first!.receivedAt).toBeGreaterThanOrEqual(950);
  });

  it('a pin near the map’s default view gets street and number', async () => {
    const address = await nominatim().reverse(19.4245 - 0.0038, -99.1635 + 0.004);
    expect(address).toMatchObject({ exteriorNumber: expect.stringMatching(/^\d+$/) });
    expect(address?.street).not.toBe('');
  });
});

describe('Nominatim: the usage policy', () => {
  it('sends at most one request per second, however many lookups arrive together', async () => {
    const provider = nominatim();
    const pins = [VARSOVIA_36, SONORA_180, CASA_AZUL];
    const addresses = await Promise.all(pins.map((pin) => provider.reverse(pin.lat, pin.lng)));
    expect(addresses.map((address) => address?.zipCode)).toEqual(['06600', '06100', '04100']);
    const arrivals = standIn.requests.map((request) => request.receivedAt);
    expect(arrivals).toHaveLength(3);
    // The stand-in's own clock: each request arrived about a second or more after the one before.
    for (let i = 1; i < arrivals.length; i += 1) {
      expect(arrivals[i]! - arrivals[i - 1]!).toBeGreaterThanOrEqual(950);
    }
  });

  it('turns a lookup away when the queue is longer than it may wait', async () => {
    const provider = nominatim({ maxQueueWaitMs: 500 });
    const results = await Promise.allSettled([
      provider.reverse(VARSOVIA_36.lat, VARSOVIA_36.lng),
      provider.reverse(SONORA_180.lat, SONORA_180.lng),
    ]);
    expect(results[0]).toMatchObject({ status: 'fulfilled' });
    expect(results[1]).toMatchObject({
      status: 'rejected',
      reason: expect.objectContaining({ failure: 'busy', provider: 'nominatim' }),
    });
    expect(standIn.requests).toHaveLength(1);
  });

  it('answers a repeated lookup from its cache without asking Nominatim again', async () => {
    const provider = nominatim();
    const first = await provider.reverse(VARSOVIA_36.lat, VARSOVIA_36.lng);
    // The same spot, a hair away: the cache works on coordinates rounded to about 11 m.
    const again = await provider.reverse(VARSOVIA_36.lat + 0.00001, VARSOVIA_36.lng);
    await provider.search(addressQuery('Londres 247'));
    await provider.search(addressQuery('  londres   247 '));
    expect(again).toEqual({ ...first, lat: VARSOVIA_36.lat + 0.00001 });
    expect(standIn.requests.map((request) => request.path)).toEqual(['/reverse', '/search']);
  });

  it('caches "nothing here" too', async () => {
    const provider = nominatim();
    await provider.reverse(22.5, -94.0);
    expect(await provider.reverse(22.5, -94.0)).toBeNull();
    expect(standIn.requests).toHaveLength(1);
  });
});

describe('Nominatim failures come back as typed errors, never a hang', () => {
  const failureOf = async (behaviour: StandInBehaviour, lookup: 'reverse' | 'search') => {
    standIn.behave(behaviour);
    const provider = nominatim({ timeoutMs: 300 });
    const call =
      lookup === 'reverse'
        ? provider.reverse(VARSOVIA_36.lat, VARSOVIA_36.lng)
        : provider.search(addressQuery('Varsovia 36'));
    const error = await call.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(GeocoderError);
    return error as GeocoderError;
  };

  it.each([
    ['an HTTP 500 page', 'server-error', 'http'],
    ['an HTTP 429 refusal', 'too-many-requests', 'http'],
    ['an HTML page with status 200', 'html', 'invalid_response'],
    ['a body that is not JSON', 'garbage', 'invalid_response'],
    ['JSON of the wrong shape', 'wrong-shape', 'invalid_response'],
    ['no answer at all', 'hang', 'timeout'],
  ] as const)('%s', async (_, behaviour, failure) => {
    for (const lookup of ['reverse', 'search'] as const) {
      expect((await failureOf(behaviour, lookup)).failure, lookup).toBe(failure);
    }
  });

  it('an HTTP error keeps its status for the logs', async () => {
    expect((await failureOf('server-error', 'reverse')).details.status).toBe(500);
  });

  it('a server that cannot be reached', async () => {
    const closed = await startNominatimStandIn();
    await closed.close();
    const provider = new NominatimGeocoder({
      baseUrl: closed.url,
      contact: 'ops@example.com',
      timeoutMs: 1_000,
    });
    await expect(provider.reverse(VARSOVIA_36.lat, VARSOVIA_36.lng)).rejects.toMatchObject({
      failure: 'unreachable',
    });
  });

  it('a failure is not cached: the next lookup asks again', async () => {
    const provider = nominatim({ timeoutMs: 300, maxQueueWaitMs: 2_000 });
    standIn.behave('server-error');
    await expect(provider.search(addressQuery('Varsovia 36'))).rejects.toBeInstanceOf(
      GeocoderError,
    );
    standIn.behave('normal');
    expect(await provider.search(addressQuery('Varsovia 36'))).toHaveLength(1);
    expect(standIn.requests).toHaveLength(2);
  });
});
