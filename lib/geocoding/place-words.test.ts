import { describe, expect, it } from 'vitest';
import { parseAddressText } from './address-text';
import { regionOfAddress, regionOfZip, type RegionId } from './place-words';
import { addressQuery } from './search-addresses';

/** The state and city a search text names, as the search reads it (lib/geocoding/search-addresses.ts). */
function placeOf(text: string): { region: RegionId; city?: string } | null {
  const { place } = addressQuery(text);
  return place ? { region: place.region.id, ...(place.city && { city: place.city.name }) } : null;
}

type Case = [text: string, region: RegionId, city?: string];
const named = (cases: Case[]) =>
  it.each(cases)('"%s" lies in %s %s', (text, region, city) => {
    expect(placeOf(text)).toEqual({ region, ...(city && { city }) });
  });

describe('a city or state named after the address decides where it lies', () => {
  describe('Mexico City', () => {
    named([
      ['Varsovia 36, Juárez, Cuauhtémoc, CDMX', 'cdmx', 'Cuauhtémoc'],
      ['Sonora 180, Hipódromo, Ciudad de México', 'cdmx'],
      ['Londres 247, Del Carmen, Coyoacán, D.F.', 'cdmx', 'Coyoacán'],
      ['Av. Insurgentes Sur 1602, Crédito Constructor, México D.F.', 'cdmx'],
      ['Reforma 222, Juárez, Cd. Mx.', 'cdmx'],
      ['Guadalajara 25, Roma Norte, CDMX', 'cdmx'],
      ['Hidalgo sn, Tlalpan Centro, Alc. Tlalpan', 'cdmx', 'Tlalpan'],
    ]);
  });

  describe('the State of Mexico', () => {
    named([
      ['Av. Gustavo Baz 100, Centro, Naucalpan, Edo. Méx.', 'mex', 'Naucalpan'],
      ['Vía Morelos 300, Ecatepec de Morelos, Méx.', 'mex', 'Ecatepec'],
      ['Av. López Mateos 50, Atizapán, Estado de México', 'mex', 'Atizapán de Zaragoza'],
      ['Av. Independencia 200, Centro, Toluca, Edomex', 'mex', 'Toluca'],
    ]);
  });

  describe('Jalisco', () => {
    named([
      ['Av. Juárez 100, Centro, Guadalajara, Jal.', 'jal', 'Guadalajara'],
      ['Av. Patria 1000, Zapopan, Jalisco', 'jal', 'Zapopan'],
      ['Independencia 50, Centro, Tlaquepaque', 'jal', 'Tlaquepaque'],
      ['Av. Vallarta 1500, Americana, GDL', 'jal', 'Guadalajara'],
    ]);
  });

  describe('Nuevo León', () => {
    named([
      ['Av. Constitución 400, Centro, Monterrey, N.L.', 'nl', 'Monterrey'],
      ['Av. Constitución 400 Centro Mty', 'nl', 'Monterrey'],
      [
        'Calzada del Valle 100, Del Valle, San Pedro Garza García, Nuevo León',
        'nl',
        'San Pedro Garza García',
      ],
      ['Monterrey', 'nl', 'Monterrey'],
      ['Av. Juárez 100, Centro, N. L.', 'nl'],
    ]);
  });

  describe('the neighbours: Puebla, Morelos, Hidalgo, Querétaro, Michoacán', () => {
    named([
      ['Av. Juárez 100, Centro, Puebla', 'pue'],
      ['Av. Reforma 500, Centro, Puebla, Pue.', 'pue'],
      ['Centro, Puebla', 'pue'],
      ['Calle 5 de Mayo 10, San Andrés Cholula, Pue.', 'pue', 'San Andrés Cholula'],
      ['Av. Morelos 10, Centro, Cuernavaca, Mor.', 'mor', 'Cuernavaca'],
      ['Morelos 10 Centro Edo. Hidalgo', 'hgo'],
      ['Av. Juárez 100, Centro, Pachuca, Hgo.', 'hgo', 'Pachuca'],
      ['Blvd. Colosio 20, Tizayuca, Hidalgo', 'hgo', 'Tizayuca'],
      ['Av. Constituyentes 10, Centro, Querétaro, Qro.', 'qro'],
      ['Madero 100, Centro Histórico, Morelia, Mich.', 'mich', 'Morelia'],
    ]);
  });

  it('a city and a state that disagree leave the state: "Av. Juárez 100, Guadalajara, N.L."', () => {
    expect(placeOf('Av. Juárez 100, Guadalajara, N.L.')).toEqual({ region: 'nl' });
  });
});

describe('a zip code names its state, by its first two digits', () => {
  named([
    ['06600', 'cdmx'],
    ['Av. Universidad 1000, Santa Cruz Atoyac, 03310', 'cdmx'],
    ['53100', 'mex'],
    ['44100', 'jal'],
    ['64000', 'nl'],
    ['72000', 'pue'],
    ['62000', 'mor'],
    ['42000', 'hgo'],
    ['76000', 'qro'],
  ]);

  it.each([
    ['01000', 'cdmx'],
    ['16999', 'cdmx'],
    ['20000', 'ags'],
    ['42999', 'hgo'],
    ['43000', 'hgo'],
    ['44000', 'jal'],
    ['49999', 'jal'],
    ['50000', 'mex'],
    ['57999', 'mex'],
    ['58000', 'mich'],
    ['62999', 'mor'],
    ['64000', 'nl'],
    ['67999', 'nl'],
    ['72000', 'pue'],
    ['75999', 'pue'],
    ['76999', 'qro'],
    ['90000', 'tlax'],
    ['99999', 'zac'],
  ] as const)('%s is in %s', (zipCode, region) => {
    expect(regionOfZip(zipCode)?.id).toBe(region);
  });

  it.each(['00100', '17000', '18500', '19999', '0660', '066000', 'abcde'])(
    '"%s" names no state (unassigned, or not a zip code)',
    (zipCode) => {
      expect(regionOfZip(zipCode)).toBeUndefined();
    },
  );

  it('words win over a zip code that disagrees with them', () => {
    expect(placeOf('Av. Juárez 100, Centro, 06000, Monterrey')).toEqual({
      region: 'nl',
      city: 'Monterrey',
    });
  });
});

describe('a street or colonia named after a place is no place', () => {
  it.each([
    'Av. Puebla 120, Roma Norte',
    'Calle Monterrey 45, Roma Sur',
    'Jalisco 10, Condesa',
    'Nuevo León 80, Condesa',
    'Puebla 120 Roma Norte',
    'Sonora 180, Hipódromo',
    'Sonora',
    'Jalisco',
    'Río Lerma 156, Cuauhtémoc',
    'Tenochtitlan 50, Morelos',
    'Coyoacán',
    'Av. 5 de Mayo 10, Col. Vicente Guerrero',
    'Juárez 10, Ponce de León',
    'Insurgentes',
  ])('"%s"', (text) => {
    expect(placeOf(text)).toBeNull();
  });
});

describe('the place words stay out of the street and the colonia', () => {
  it.each([
    ['Av. Constitución 400, Centro, Monterrey, N.L.', 'Avenida Constitución', 'Centro'],
    ['Av. Constitución 400 Centro Monterrey NL', 'Avenida Constitución', 'Centro'],
    ['Av. Juárez 100 Centro Puebla Pue.', 'Avenida Juárez', 'Centro Puebla'],
    ['Av. Juárez 100, Centro, Puebla, Pue.', 'Avenida Juárez', 'Centro'],
    ['Av. Morelos 10, Centro, Cuernavaca, Mor.', 'Avenida Morelos', 'Centro'],
    ['Calle Monterrey 45, Roma Sur', 'Monterrey', 'Roma Sur'],
    ['Av. 5 de Mayo 10, Col. Vicente Guerrero', 'Avenida 5 de Mayo', 'Vicente Guerrero'],
    ['Juárez 10, Ponce de León', 'Juárez', 'Ponce de León'],
    ['Av. Cuauhtémoc 10, Valle de Chalco, Edo. Méx.', 'Avenida Cuauhtémoc', 'Valle de Chalco'],
  ])('"%s": street "%s", colonia "%s"', (text, street, neighborhood) => {
    expect(parseAddressText(text)).toMatchObject({ street, neighborhood });
  });
});

describe('the state of an address a geocoder found', () => {
  it.each([
    [{ zipCode: '64000', municipality: '', city: '' }, 'nl'],
    [{ zipCode: '', municipality: 'Monterrey', city: 'Monterrey' }, 'nl'],
    [{ zipCode: '', municipality: 'Cuauhtémoc', city: 'Ciudad de México' }, 'cdmx'],
    [{ zipCode: '', municipality: 'Zapopan', city: 'Zapopan' }, 'jal'],
    [{ zipCode: '', municipality: 'Naucalpan de Juárez', city: 'Naucalpan de Juárez' }, 'mex'],
  ] as const)('%o is in %s', (address, region) => {
    expect(regionOfAddress(address)?.id).toBe(region);
  });

  it('unknown when nothing tells: an alcaldía alone may be a colonia elsewhere', () => {
    expect(regionOfAddress({ zipCode: '', municipality: 'Cuauhtémoc', city: '' })).toBeUndefined();
  });
});
