import { describe, expect, it } from 'vitest';
import gazetteerFile from '@/data/gazetteer.json';
import { BuiltinGeocoder } from './builtin-geocoder';
import { builtinGazetteer, Gazetteer, MAX_SEARCH_LIMIT, REVERSE_RADIUS_KM } from './gazetteer';
import { addressQuery } from './search-addresses';

const gazetteer = builtinGazetteer();
const geocoder = new BuiltinGeocoder(gazetteer);

// Pins from the legacy courier's recorded quote and well-known spots.
const VARSOVIA_36 = { lat: 19.4245207, lng: -99.1676911 };
const SONORA_180 = { lat: 19.4133562, lng: -99.1672142 };
const PLAZA_RIO_DE_JANEIRO = { lat: 19.4187, lng: -99.1598 };
const MASARYK_Y_ARQUIMEDES = { lat: 19.4318, lng: -99.1935 };
const CASA_AZUL_COYOACAN = { lat: 19.3551, lng: -99.1625 };
const AMERICANA_GDL = { lat: 20.6745, lng: -103.368 };

describe('a pin fills the neighbourhood and zip code', () => {
  it.each([
    ['Varsovia 36 (the recorded pickup)', VARSOVIA_36, 'Juárez', '06600', 'Cuauhtémoc'],
    ['Sonora 180 (the recorded drop-off)', SONORA_180, 'Hipódromo', '06100', 'Cuauhtémoc'],
    ['Plaza Río de Janeiro', PLAZA_RIO_DE_JANEIRO, 'Roma Norte', '06700', 'Cuauhtémoc'],
    ['the Casa Azul in Coyoacán', CASA_AZUL_COYOACAN, 'Del Carmen', '04100', 'Coyoacán'],
    ['Colonia Americana, Guadalajara', AMERICANA_GDL, 'Americana', '44160', 'Guadalajara'],
  ])('%s', async (_, pin, neighborhood, zipCode, municipality) => {
    const address = await geocoder.reverse(pin.lat, pin.lng);
    expect(address).toMatchObject({ neighborhood, zipCode, municipality, source: 'builtin' });
  });

  it('a pin on Masaryk lands in one of the Polanco sections', async () => {
    const address = await geocoder.reverse(MASARYK_Y_ARQUIMEDES.lat, MASARYK_Y_ARQUIMEDES.lng);
    expect(address?.neighborhood).toMatch(/^Polanco/);
    expect(address?.zipCode).toMatch(/^115\d\d$/);
    expect(address?.municipality).toBe('Miguel Hidalgo');
  });

  it('the pin keeps its own coordinates and the street is left for the dispatcher', async () => {
    const address = await geocoder.reverse(VARSOVIA_36.lat, VARSOVIA_36.lng);
    expect(address).toEqual({
      street: '',
      exteriorNumber: '',
      interiorNumber: '',
      neighborhood: 'Juárez',
      zipCode: '06600',
      lat: VARSOVIA_36.lat,
      lng: VARSOVIA_36.lng,
      label: 'Juárez, 06600 Cuauhtémoc, Ciudad de México',
      municipality: 'Cuauhtémoc',
      city: 'Ciudad de México',
      source: 'builtin',
    });
  });

  it.each([
    ['the Gulf of Mexico', { lat: 22.5, lng: -94.0 }],
    ['Monterrey, which the gazetteer does not cover', { lat: 25.6866, lng: -100.3161 }],
    ['the Nevado de Toluca', { lat: 19.1085, lng: -99.7585 }],
    ['Madrid', { lat: 40.4168, lng: -3.7038 }],
  ])('a pin in %s finds nothing', async (_, pin) => {
    expect(await geocoder.reverse(pin.lat, pin.lng)).toBeNull();
  });

  it(`finds nothing beyond ${REVERSE_RADIUS_KM} km of every entry, and the nearest within it`, () => {
    const lone = new Gazetteer([
      {
        name: 'Centro',
        zipCode: '06000',
        lat: 19.4326,
        lng: -99.1332,
        municipality: 'Cuauhtémoc',
        state: 'Ciudad de México',
        city: 'Ciudad de México',
      },
    ]);
    // One degree of latitude is about 111 km: 0.025° ≈ 2.8 km, 0.03° ≈ 3.3 km.
    expect(lone.nearest(19.4326 + 0.025, -99.1332)?.place.name).toBe('Centro');
    expect(lone.nearest(19.4326 + 0.03, -99.1332)).toBeNull();
  });
});

describe('text finds the pin', () => {
  it('"juarez" finds Juárez first, accents and case aside', async () => {
    for (const text of ['juarez', 'JUAREZ', 'Juárez', '  juárez ']) {
      const [first] = await geocoder.search(addressQuery(text));
      expect(first).toMatchObject({ neighborhood: 'Juárez', zipCode: '06600' });
    }
  });

  it('the zip code 06600 finds Juárez, with its centre as the pin', async () => {
    const results = await geocoder.search(addressQuery('06600'));
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ neighborhood: 'Juárez', municipality: 'Cuauhtémoc' });
    expect(results[0]!.lat).toBeCloseTo(19.4255, 2);
    expect(results[0]!.lng).toBeCloseTo(-99.162, 2);
  });

  it('a zip code shared by two colonias finds both', async () => {
    const names = (await geocoder.search(addressQuery('11560'))).map(
      (result) => result.neighborhood,
    );
    expect(names.sort()).toEqual(['Polanco Chapultepec', 'Polanco V Sección']);
  });

  it('"hipodromo" finds Hipódromo before Hipódromo Condesa', async () => {
    const names = (await geocoder.search(addressQuery('hipodromo'))).map(
      (result) => result.neighborhood,
    );
    expect(names.slice(0, 2)).toEqual(['Hipódromo', 'Hipódromo Condesa']);
  });

  it('a beginning of a word is enough: "roma" finds Roma Norte and Roma Sur', async () => {
    const names = (await geocoder.search(addressQuery('rom'))).map((result) => result.neighborhood);
    expect(names).toEqual(expect.arrayContaining(['Roma Norte', 'Roma Sur']));
  });

  it('"polanco" finds the Polanco sections', async () => {
    const results = await geocoder.search(addressQuery('polanco'));
    expect(results.length).toBeGreaterThanOrEqual(5);
    expect(results.every((result) => result.neighborhood.startsWith('Polanco'))).toBe(true);
  });

  it('"col. del carmen coyoacan" finds Del Carmen, 04100', async () => {
    const [first] = await geocoder.search(addressQuery('col. del carmen coyoacan'));
    expect(first).toMatchObject({ neighborhood: 'Del Carmen', zipCode: '04100' });
  });

  it('"providencia" finds the Guadalajara colonia', async () => {
    const [first] = await geocoder.search(addressQuery('Providencia'));
    expect(first).toMatchObject({
      neighborhood: 'Providencia',
      zipCode: '44630',
      city: 'Guadalajara',
    });
  });

  it('"penon" finds Peñón de los Baños', async () => {
    const [first] = await geocoder.search(addressQuery('penon'));
    expect(first?.neighborhood).toBe('Peñón de los Baños');
  });

  it('with a map centre, the nearest matching colonia comes first', async () => {
    const centro = (near?: { lat: number; lng: number }) =>
      geocoder.search(addressQuery('centro'), near).then((results) => results[0]?.label);
    expect(await centro(AMERICANA_GDL)).toMatch(/^Guadalajara Centro, 44100/);
    expect(await centro({ lat: 19.29, lng: -99.17 })).toMatch(/^Tlalpan Centro, 14000/);
  });

  it('gives a bounded number of results', () => {
    expect(gazetteer.findByName('a', { limit: 1000 }).length).toBeLessThanOrEqual(MAX_SEARCH_LIMIT);
    expect(gazetteer.findByName('san').length).toBeLessThanOrEqual(10);
  });

  it('text that names nothing finds nothing', async () => {
    expect(await geocoder.search(addressQuery('zzzz'))).toEqual([]);
    expect(await geocoder.search(addressQuery('  ¿?  '))).toEqual([]);
    expect(await geocoder.search(addressQuery('99999'))).toEqual([]);
  });
});

describe('text finds the colonia despite typing mistakes and abbreviations', () => {
  const DEFAULT_VIEW = { lat: 19.4245, lng: -99.1635 };
  const names = async (text: string, near?: { lat: number; lng: number }) =>
    (await geocoder.search(addressQuery(text), near)).map((result) => result.neighborhood);

  it.each([
    ['Hipodromo', 'Hipódromo'],
    ['juares', 'Juárez'],
    ['polanko', 'Polanco I Sección'],
    ['narvarte pte', 'Narvarte Poniente'],
    ['roma nte', 'Roma Norte'],
    ['Sonora 180 int 1 Hipódromo', 'Hipódromo'],
    ['Londres 247 Col. Del Carmen Coyoacán', 'Del Carmen'],
    ['u.h. vicente guerrero', 'Unidad Vicente Guerrero'],
  ])('"%s" finds %s first', async (text, first) => {
    expect((await names(text, DEFAULT_VIEW))[0]).toBe(first);
  });

  it('"del vall", still being typed, finds the Del Valle colonias first', async () => {
    const found = await names('del vall', DEFAULT_VIEW);
    expect(found.slice(0, 3).sort()).toEqual([
      'Del Valle Centro',
      'Del Valle Norte',
      'Del Valle Sur',
    ]);
  });

  it('"col. del valle" finds the Del Valle colonias before Tlacoquemécatl del Valle', async () => {
    const found = await names('col. del valle');
    expect(found.slice(0, 3).sort()).toEqual([
      'Del Valle Centro',
      'Del Valle Norte',
      'Del Valle Sur',
    ]);
    expect(found).toContain('Tlacoquemécatl del Valle');
  });

  it('"roma nte" finds Roma Norte alone, not Roma Sur', async () => {
    expect(await names('roma nte')).toEqual(['Roma Norte']);
  });

  it("each result is at the colonia's centre, named a colonia", async () => {
    const [roma] = await geocoder.search(addressQuery('roma nte'), DEFAULT_VIEW);
    expect(roma).toMatchObject({ kind: 'colonia', zipCode: '06700', lat: 19.4185, lng: -99.16 });
  });

  it('a zip code alone finds its colonia, named a zip code area', async () => {
    const [juarez] = await geocoder.search(addressQuery('06600'));
    expect(juarez).toMatchObject({ kind: 'zip', neighborhood: 'Juárez' });
  });

  it("a zip code that disagrees with the colonia keeps the colonia first, then the zip code's", async () => {
    const found = await geocoder.search(addressQuery('Juárez 06100'));
    expect(found.slice(0, 2).map(({ neighborhood, kind }) => [neighborhood, kind])).toEqual([
      ['Juárez', 'colonia'],
      ['Hipódromo', 'zip'],
    ]);
  });

  it('of two colonias of one name, the zip code picks which comes first', async () => {
    const found = await geocoder.search(addressQuery('barrio san lucas 09000'));
    expect(found.map(({ zipCode }) => zipCode)).toEqual(['09000', '04030']);
  });

  it('a colonia the gazetteer does not know leaves the zip code to find the place', async () => {
    const found = await geocoder.search(addressQuery('col. las margaritas, 06600'));
    expect(found.map(({ neighborhood, kind }) => [neighborhood, kind])).toEqual([
      ['Juárez', 'zip'],
    ]);
  });

  it('the start of a zip code finds the colonias whose code begins so', async () => {
    expect(await names('0660')).toEqual(['Juárez']);
  });

  it('a street and number alone find no colonia: the gazetteer knows no streets', async () => {
    expect(await geocoder.search(addressQuery('Varsovia 36'))).toEqual([]);
  });

  it.each(['qwertyuiop', 'xochimilcoo centro sur poniente', 'zzzz'])(
    'nonsense finds nothing: "%s"',
    async (text) => {
      expect(await names(text)).toEqual([]);
    },
  );
});

describe('the gazetteer file', () => {
  const places = gazetteer.places;
  const ZIP_RANGES: Record<string, [number, number]> = {
    'Ciudad de México': [1000, 16999],
    México: [50000, 57999],
    Jalisco: [44000, 49999],
  };
  const AREAS: Record<string, { lat: [number, number]; lng: [number, number] }> = {
    'Ciudad de México': { lat: [19.05, 19.6], lng: [-99.37, -98.94] },
    México: { lat: [19.2, 19.8], lng: [-99.4, -98.8] },
    Jalisco: { lat: [20.5, 20.8], lng: [-103.5, -103.2] },
  };

  it('holds at least 150 colonias of Mexico City and Guadalajara', () => {
    expect(places.length).toBeGreaterThanOrEqual(150);
    expect(places.filter((place) => place.state === 'Ciudad de México').length).toBeGreaterThan(
      100,
    );
    expect(places.filter((place) => place.state === 'Jalisco').length).toBeGreaterThan(25);
  });

  it('says plainly that it is approximate demo data', () => {
    expect(gazetteerFile.about).toMatch(/approximate demo data/i);
  });

  it('names each colonia and zip code once', () => {
    const keys = places.map((place) => `${place.name}|${place.zipCode}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('has 5-digit zip codes in the range of each state', () => {
    for (const place of places) {
      expect(place.zipCode, place.name).toMatch(/^\d{5}$/);
      const [low, high] = ZIP_RANGES[place.state] ?? [0, -1];
      expect(Number(place.zipCode), `${place.name} ${place.zipCode}`).toBeGreaterThanOrEqual(low);
      expect(Number(place.zipCode), `${place.name} ${place.zipCode}`).toBeLessThanOrEqual(high);
    }
  });

  it('places every centre inside its metropolitan area', () => {
    for (const place of places) {
      const area = AREAS[place.state];
      expect(area, place.state).toBeDefined();
      expect(place.lat, place.name).toBeGreaterThanOrEqual(area!.lat[0]);
      expect(place.lat, place.name).toBeLessThanOrEqual(area!.lat[1]);
      expect(place.lng, place.name).toBeGreaterThanOrEqual(area!.lng[0]);
      expect(place.lng, place.name).toBeLessThanOrEqual(area!.lng[1]);
    }
  });

  it('is read and indexed once per process', () => {
    expect(builtinGazetteer()).toBe(gazetteer);
  });
});

describe('a state or city named in the text keeps the built-in geocoder inside it', () => {
  it('"Centro, Jal.": the Centros of the Guadalajara metro, none of Mexico City', async () => {
    const results = await geocoder.search(addressQuery('Centro, Jal.'), VARSOVIA_36);
    expect(results.map((result) => result.neighborhood).sort()).toEqual([
      'Guadalajara Centro',
      'San Pedro Tlaquepaque Centro',
      'Tonalá Centro',
      'Zapopan Centro',
    ]);
  });

  it('"Centro, Tonalá": the named city\'s colonia first, though others are nearer the map', async () => {
    const [first] = await geocoder.search(addressQuery('Centro, Tonalá'), AMERICANA_GDL);
    expect(first).toMatchObject({ neighborhood: 'Tonalá Centro', municipality: 'Tonalá' });
  });

  it("a zip code with its state finds that state's; with another state, nothing", async () => {
    const jalisco = await geocoder.search(addressQuery('Centro, 44100, Jalisco'));
    expect(jalisco[0]).toMatchObject({ neighborhood: 'Guadalajara Centro', zipCode: '44100' });
    expect(jalisco.every((result) => /^4[4-9]/.test(result.zipCode))).toBe(true);
    expect(await geocoder.search(addressQuery('53000, CDMX'))).toEqual([]);
  });
});
