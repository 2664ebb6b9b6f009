import { createTranslator } from 'use-intl/core';
import { describe, expect, it } from 'vitest';
import type { Coverage } from '@/lib/api/coverage';
import { coverageForMap } from '@/lib/quoting/coverage-for-map';
import en from '@/messages/en.json';
import es from '@/messages/es-MX.json';
import { BuiltinGeocoder } from './builtin-geocoder';
import { capabilitiesOf } from './capabilities';
import { searchAddresses } from './search-addresses';
import type { GeocodedPlace, Geocoder } from './types';

const DEFAULT_VIEW = { lat: 19.4245, lng: -99.1635 };
const builtin = new BuiltinGeocoder();
const search = (text: string, geocoder: Geocoder = builtin) =>
  searchAddresses(geocoder, text, DEFAULT_VIEW);

/** A geocoder that answers whatever it is given, as a street-level provider would. */
function answering(
  ...places: Array<Partial<GeocodedPlace> & Pick<GeocodedPlace, 'kind'>>
): Geocoder {
  return {
    capabilities: capabilitiesOf('photon'),
    reverse: async () => null,
    search: async () =>
      places.map((place) => ({
        street: '',
        exteriorNumber: '',
        interiorNumber: '',
        neighborhood: '',
        zipCode: '',
        lat: 19.42,
        lng: -99.16,
        label: 'label',
        municipality: 'Cuauhtémoc',
        city: 'Ciudad de México',
        source: 'photon',
        ...place,
      })),
  };
}

describe('with the built-in gazetteer, the colonia comes from it and the street from the text', () => {
  it('"Varsovia 36, Juárez": Juárez at its centre, with Varsovia 36 as typed', async () => {
    const { results, typed } = await search('Varsovia 36, Juárez');
    expect(results[0]).toEqual({
      street: 'Varsovia',
      exteriorNumber: '36',
      interiorNumber: '',
      neighborhood: 'Juárez',
      zipCode: '06600',
      lat: 19.4255,
      lng: -99.162,
      label: 'Juárez, 06600 Cuauhtémoc, Ciudad de México',
      municipality: 'Cuauhtémoc',
      city: 'Ciudad de México',
      source: 'builtin',
      kind: 'colonia',
      fromText: ['street', 'exteriorNumber'],
    });
    expect(typed).toBeNull();
  });

  it('"Sonora 180 int 1 Hipódromo": the interior number comes from the text too', async () => {
    const { results, typed } = await search('Sonora 180 int 1 Hipódromo');
    expect(results[0]).toMatchObject({
      street: 'Sonora',
      exteriorNumber: '180',
      interiorNumber: '1',
      neighborhood: 'Hipódromo',
      zipCode: '06100',
      kind: 'colonia',
      fromText: ['street', 'exteriorNumber', 'interiorNumber'],
    });
    expect(typed).toBeNull();
  });

  it('"roma nte": Roma Norte, named by the text, so nothing is left to offer as a street', async () => {
    const { results, typed } = await search('roma nte');
    expect(results.map((result) => result.neighborhood)).toEqual(['Roma Norte']);
    expect(results[0]).toMatchObject({ kind: 'colonia', fromText: [] });
    expect(typed).toBeNull();
  });

  it('"col. del valle": the Del Valle colonias', async () => {
    const { results, typed } = await search('col. del valle');
    expect(results.slice(0, 3).every((result) => result.neighborhood.startsWith('Del Valle'))).toBe(
      true,
    );
    expect(typed).toBeNull();
  });

  it('"06600": Juárez, found by its zip code', async () => {
    const { results, typed } = await search('06600');
    expect(results).toEqual([
      expect.objectContaining({ neighborhood: 'Juárez', kind: 'zip', fromText: [] }),
    ]);
    expect(typed).toBeNull();
  });

  it('"av insurgentes sur 1602": no colonia to find, the street is offered as typed', async () => {
    expect(await search('av insurgentes sur 1602')).toEqual({
      results: [],
      typed: { street: 'Avenida Insurgentes Sur', exteriorNumber: '1602', interiorNumber: '' },
    });
  });

  it('"Insurgentes": colonias named …Insurgentes are listed, and Insurgentes offered as a street', async () => {
    const { results, typed } = await search('Insurgentes');
    expect(results.length).toBeGreaterThan(3);
    expect(results.every((result) => /Insurgentes/.test(result.neighborhood))).toBe(true);
    expect(typed).toEqual({ street: 'Insurgentes', exteriorNumber: '', interiorNumber: '' });
  });

  it('a zip code the text gives but the colonia lacks is not written over it', async () => {
    const { results } = await search('Varsovia 36, Juárez, 06100');
    expect(results[0]).toMatchObject({
      neighborhood: 'Juárez',
      zipCode: '06600',
      fromText: ['street', 'exteriorNumber'],
    });
  });
});

describe('with a street-level geocoder, each result keeps what it knows', () => {
  it('an address keeps its street and number; the interior number comes from the text', async () => {
    const geocoder = answering({
      kind: 'address',
      street: 'Sonora',
      exteriorNumber: '180',
      neighborhood: 'Hipódromo',
      zipCode: '06100',
    });
    const { results, typed } = await search('Sonora 180 int 1 Hipódromo', geocoder);
    expect(results[0]).toMatchObject({
      street: 'Sonora',
      exteriorNumber: '180',
      interiorNumber: '1',
      fromText: ['interiorNumber'],
    });
    expect(typed).toBeNull();
  });

  it('a street without a house number takes the number typed', async () => {
    const geocoder = answering({ kind: 'street', street: 'Avenida Insurgentes Sur' });
    const { results, typed } = await search('av insurgentes sur 1602', geocoder);
    expect(results[0]).toMatchObject({
      kind: 'street',
      street: 'Avenida Insurgentes Sur',
      exteriorNumber: '1602',
      fromText: ['exteriorNumber'],
    });
    expect(typed).toBeNull();
  });

  it('a colonia takes street and numbers from the text, and the zip code when it has none', async () => {
    const geocoder = answering({ kind: 'colonia', neighborhood: 'Crédito Constructor' });
    const { results } = await search(
      'Av. Insurgentes Sur 1602 piso 3, Crédito Constructor, 03940 CDMX',
      geocoder,
    );
    expect(results[0]).toMatchObject({
      street: 'Avenida Insurgentes Sur',
      exteriorNumber: '1602',
      interiorNumber: 'Piso 3',
      neighborhood: 'Crédito Constructor',
      zipCode: '03940',
      fromText: ['street', 'exteriorNumber', 'interiorNumber', 'zipCode'],
    });
  });

  it('free words that found a street are used up', async () => {
    const geocoder = answering({ kind: 'street', street: 'Avenida Insurgentes Sur' });
    expect((await search('Insurgentes', geocoder)).typed).toBeNull();
  });

  it('nothing found: the street and numbers are offered as typed', async () => {
    expect((await search('Varsovia 36 int 2', answering())).typed).toEqual({
      street: 'Varsovia',
      exteriorNumber: '36',
      interiorNumber: '2',
    });
  });

  it('a text with no street and nothing found offers nothing', async () => {
    expect(await search('col. del valle', answering())).toEqual({ results: [], typed: null });
  });
});

/** The active zones of data/zones.geojson (Monterrey's is not active yet), as GET /api/coverage names them. */
const SERVED = {
  'es-MX': ['Ciudad de México (y área metropolitana)', 'Guadalajara (área metropolitana)'],
  en: ['Mexico City (and its metro area)', 'Guadalajara (metro area)'],
};

/** The built-in geocoder, counting how often it is asked. */
function countingBuiltin() {
  const asked: string[] = [];
  const geocoder: Geocoder = {
    capabilities: builtin.capabilities,
    reverse: (lat, lng) => builtin.reverse(lat, lng),
    search: (query, near) => {
      asked.push(query.text);
      return builtin.search(query, near);
    },
  };
  return { geocoder, asked };
}

const searchIn = (text: string, geocoder: Geocoder = builtin, coverage = coverageForMap()) =>
  searchAddresses(geocoder, text, DEFAULT_VIEW, () => coverage);

describe('a place outside every active zone is answered "not covered", with no result', () => {
  it.each([
    ['Av. Constitución 400, Centro, Monterrey, N.L.', 'Monterrey'],
    ['Av. Constitución 400 Centro Monterrey NL', 'Monterrey'],
    ['Monterrey', 'Monterrey'],
    ['Av. Juárez 100, Centro, Puebla', 'Puebla'],
    ['Av. Reforma 500, Centro, Puebla, Pue.', 'Puebla'],
    ['72000', '72000 (Puebla)'],
    ['64000', '64000 (Nuevo León)'],
    ['Av. Morelos 10, Centro, Cuernavaca, Mor.', 'Cuernavaca'],
    ['Av. Juárez 100, Centro, Pachuca, Hgo.', 'Pachuca'],
    ['Av. Constituyentes 10, Centro, Querétaro, Qro.', 'Querétaro'],
  ])('"%s": %s is not served, and the geocoder is not asked', async (text, place) => {
    const { geocoder, asked } = countingBuiltin();
    expect(await searchIn(text, geocoder)).toEqual({
      results: [],
      typed: null,
      notCovered: { place, served: SERVED },
    });
    expect(asked).toEqual([]);
  });

  it('the screen says which place and which areas are served, in both languages', async () => {
    const { notCovered } = await searchIn('Av. Constitución 400, Centro, Monterrey, N.L.');
    const say = (locale: 'es-MX' | 'en', messages: typeof es) =>
      createTranslator({ locale, messages })('point.notCovered', {
        place: notCovered!.place,
        served: new Intl.ListFormat(locale, { type: 'conjunction' }).format(
          notCovered!.served[locale],
        ),
      });
    expect(say('es-MX', es)).toBe(
      'Monterrey: sin cobertura por ahora — cubrimos Ciudad de México (y área metropolitana) y Guadalajara (área metropolitana)',
    );
    expect(say('en', en)).toBe(
      'Monterrey: not covered yet — we serve Mexico City (and its metro area) and Guadalajara (metro area)',
    );
  });

  it('a courier that publishes no zones: "Monterrey" is not offered as a street either; "Sonora" is', async () => {
    const unknown = Promise.resolve<Coverage>({ type: 'FeatureCollection', features: [] });
    expect(await searchIn('Monterrey', builtin, unknown)).toEqual({ results: [], typed: null });
    expect((await searchIn('Sonora', builtin, unknown)).typed).toEqual({
      street: 'Sonora',
      exteriorNumber: '',
      interiorNumber: '',
    });
  });

  it('a courier that publishes no zones: nothing is said, and still no result from another state', async () => {
    const unknown = Promise.resolve<Coverage>({ type: 'FeatureCollection', features: [] });
    expect(await searchIn('Av. Juárez 100, Centro, Monterrey, N.L.', builtin, unknown)).toEqual({
      results: [],
      typed: { street: 'Avenida Juárez', exteriorNumber: '100', interiorNumber: '' },
    });
  });
});

describe('a served place keeps the results inside it', () => {
  it('"Av. Juárez 100, Centro, CDMX": the Centro of Mexico City, and only Mexico City', async () => {
    const { results, notCovered } = await searchIn('Av. Juárez 100, Centro, CDMX');
    expect(notCovered).toBeUndefined();
    expect(results[0]).toMatchObject({
      street: 'Avenida Juárez',
      exteriorNumber: '100',
      neighborhood: 'Centro',
      zipCode: '06000',
      city: 'Ciudad de México',
    });
    expect(results.every((result) => result.city === 'Ciudad de México')).toBe(true);
  });

  it('"Av. Juárez 100, Centro, Guadalajara, Jal.": Guadalajara\'s Centro first, nothing in Mexico City', async () => {
    const { results, notCovered } = await searchIn('Av. Juárez 100, Centro, Guadalajara, Jal.');
    expect(notCovered).toBeUndefined();
    expect(results[0]).toMatchObject({
      street: 'Avenida Juárez',
      exteriorNumber: '100',
      neighborhood: 'Guadalajara Centro',
      municipality: 'Guadalajara',
    });
    expect(results.length).toBeGreaterThan(1);
    expect(results.every((result) => /^4[4-9]/.test(result.zipCode))).toBe(true);
  });

  it('"Centro, Zapopan": Zapopan\'s Centro first', async () => {
    const { results } = await searchIn('Centro, Zapopan');
    expect(results[0]).toMatchObject({ neighborhood: 'Zapopan Centro', municipality: 'Zapopan' });
    expect(results.every((result) => /^4[4-9]/.test(result.zipCode))).toBe(true);
  });

  it('"Centro, Naucalpan, Edo. Méx.": only the State of Mexico', async () => {
    const { results } = await searchIn('Centro, Naucalpan, Edo. Méx.');
    expect(results[0]).toMatchObject({ neighborhood: 'Naucalpan Centro' });
    expect(results.every((result) => /^5[0-7]/.test(result.zipCode))).toBe(true);
  });

  it("a street-level geocoder's result in another state is left out", async () => {
    const geocoder = answering(
      { kind: 'address', street: 'Avenida Juárez', exteriorNumber: '100', zipCode: '06000' },
      {
        kind: 'address',
        street: 'Avenida Juárez',
        exteriorNumber: '100',
        zipCode: '44100',
        municipality: 'Guadalajara',
        city: 'Guadalajara',
      },
    );
    const { results } = await searchIn('Av. Juárez 100, Centro, Guadalajara, Jal.', geocoder);
    expect(results.map((result) => result.zipCode)).toEqual(['44100']);
  });

  it('a street named after a state is searched as before: "Av. Puebla 120, Roma Norte"', async () => {
    const { results, notCovered } = await searchIn('Av. Puebla 120, Roma Norte');
    expect(notCovered).toBeUndefined();
    expect(results[0]).toMatchObject({ street: 'Avenida Puebla', neighborhood: 'Roma Norte' });
  });
});
