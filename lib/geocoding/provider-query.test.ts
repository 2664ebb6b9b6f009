import { describe, expect, it } from 'vitest';
import { parseAddressText } from './address-text';
import {
  areaQuery,
  cleanedQuery,
  nominatimSearchParams,
  photonSearchParams,
  searchKey,
  searchWithFallback,
  type ProviderSearch,
} from './provider-query';
import { addressQuery } from './search-addresses';

describe('the text a street-level geocoder gets', () => {
  it.each([
    ['Sonora 180 int 1 Hipódromo', 'Sonora 180, Hipódromo'],
    ['Calz. de Tlalpan 1000 depto 4', 'Calzada de Tlalpan 1000'],
    [
      'Av. Insurgentes Sur 1602 piso 3, Crédito Constructor, 03940 CDMX',
      'Avenida Insurgentes Sur 1602, Crédito Constructor, 03940',
    ],
    ['Priv. Hidalgo s/n', 'Privada Hidalgo'],
    ['Mz 5 Lt 3 Col. Ejército de Oriente', 'Ejército de Oriente'],
    ['roma nte', 'Roma Norte'],
    ['col. del valle', 'Del Valle'],
    ['06600', '06600'],
    ['  ¿?  ', ''],
  ])('"%s" is sent as "%s"', (text, sent) => {
    expect(cleanedQuery(parseAddressText(text))).toBe(sent);
  });

  it('the second try is the colonia and zip code alone', () => {
    expect(areaQuery(parseAddressText('Varsovia 36, Juárez, 06600'))).toBe('Juárez, 06600');
    expect(areaQuery(parseAddressText('Varsovia 36'))).toBe('');
  });
});

describe('asking again with just the colonia', () => {
  const asked: string[] = [];
  const geocoder = (answers: Record<string, string[]>) => async (query: string) => {
    asked.push(query);
    return answers[query] ?? [];
  };

  it('when the whole address finds nothing', async () => {
    asked.length = 0;
    const found = await searchWithFallback(
      { parts: parseAddressText('Varsovia 38, Juárez') },
      geocoder({ Juárez: ['Juárez'] }),
    );
    expect(found).toEqual(['Juárez']);
    expect(asked).toEqual(['Varsovia 38, Juárez', 'Juárez']);
  });

  it('not when the address is found, nor when there is no colonia or zip code to ask for', async () => {
    asked.length = 0;
    await searchWithFallback(
      { parts: parseAddressText('Varsovia 36, Juárez') },
      geocoder({ 'Varsovia 36, Juárez': ['Varsovia 36'] }),
    );
    await searchWithFallback({ parts: parseAddressText('Varsovia 38') }, geocoder({}));
    await searchWithFallback({ parts: parseAddressText('col. juárez') }, geocoder({}));
    expect(asked).toEqual(['Varsovia 36, Juárez', 'Varsovia 38', 'Juárez']);
  });
});

describe('a place named in the text reaches Nominatim and Photon as their own parameters', () => {
  /** What each request of a search would carry, for a provider that finds nothing. */
  async function requests(text: string): Promise<ProviderSearch[]> {
    const seen: ProviderSearch[] = [];
    await searchWithFallback(addressQuery(text), async (_, search) => {
      seen.push(search);
      return [];
    });
    return seen;
  }

  it('a street in a city: Nominatim gets a structured query, no free text beside it', async () => {
    const [first] = await requests('Av. Juárez 100, Centro, Guadalajara, Jal.');
    expect(nominatimSearchParams(first!)).toEqual({
      street: '100 Avenida Juárez',
      city: 'Guadalajara',
      state: 'Jalisco',
      countrycodes: 'mx',
    });
  });

  it('a Mexico City alcaldía is its county; the zip code its postalcode', async () => {
    const [first] = await requests('Reforma 222, Juárez, Cuauhtémoc, CDMX 06600');
    expect(nominatimSearchParams(first!)).toEqual({
      street: '222 Reforma',
      county: 'Cuauhtémoc',
      state: 'Ciudad de México',
      postalcode: '06600',
      countrycodes: 'mx',
    });
  });

  it('the colonia asked alone: the place follows it in the text, and the city bounds the results', async () => {
    const [, second] = await requests('Av. Juárez 100, Centro, Zapopan, Jal.');
    const params = nominatimSearchParams(second!);
    expect(params).toMatchObject({
      q: 'Centro, Zapopan, Jalisco',
      countrycodes: 'mx',
      bounded: '1',
    });
    const [west, north, east, south] = params.viewbox!.split(',').map(Number);
    expect(west! < -103.39 && -103.39 < east! && south! < 20.72 && 20.72 < north!).toBe(true);
  });

  it('Photon gets the place after the text, a bias at the city and a box around it', async () => {
    const [first] = await requests('Av. Juárez 100, Centro, Guadalajara, Jal.');
    const params = photonSearchParams(first!);
    expect(params).toMatchObject({
      q: 'Avenida Juárez 100, Centro, Guadalajara, Jalisco',
      lat: '20.6767',
      lon: '-103.3475',
    });
    const [minLon, minLat, maxLon, maxLat] = params.bbox!.split(',').map(Number);
    expect(
      minLon! < -103.3475 && -103.3475 < maxLon! && minLat! < 20.6767 && 20.6767 < maxLat!,
    ).toBe(true);
  });

  it("a state alone: its name in the text; no box, the search's own bias stands", async () => {
    const [first] = await requests('Centro, Edo. Méx.');
    expect(photonSearchParams(first!)).toEqual({ q: 'Centro, Estado de México' });
    expect(nominatimSearchParams(first!)).toEqual({
      q: 'Centro, Estado de México',
      countrycodes: 'mx',
    });
  });

  it('no place, or only a zip code (already in the text): the free text as before', async () => {
    for (const text of ['Varsovia 36, Juárez', 'Varsovia 36, Juárez, 06600']) {
      const [first] = await requests(text);
      expect(nominatimSearchParams(first!)).toEqual({ q: first!.query, countrycodes: 'mx' });
      expect(photonSearchParams(first!)).toEqual({});
    }
  });

  it('the cache tells a text with its place from the same text without', async () => {
    const [withPlace] = await requests('Centro, Zapopan');
    const [without] = await requests('Centro');
    expect(searchKey(withPlace!)).not.toBe(searchKey(without!));
  });
});
