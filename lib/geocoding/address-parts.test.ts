import { describe, expect, it } from 'vitest';
import { addressLabel, roundCoordinate, zipCodeOf } from './address-parts';

describe('address parts from upstream geocoders', () => {
  it.each([
    ['06600', '06600'],
    ['CP 06600', '06600'],
    ['06600;06700', '06600'],
    ['6600', ''],
    ['123456', ''],
    [undefined, ''],
  ])('the zip code of the postcode %j is %j', (postcode, zip) => {
    expect(zipCodeOf(postcode)).toBe(zip);
  });

  it('a label reads street and number, colonia, zip and alcaldía, city', () => {
    expect(
      addressLabel({
        street: 'Varsovia',
        exteriorNumber: '36',
        neighborhood: 'Juárez',
        zipCode: '06600',
        municipality: 'Cuauhtémoc',
        city: 'Ciudad de México',
      }),
    ).toBe('Varsovia 36, Juárez, 06600 Cuauhtémoc, Ciudad de México');
  });

  it('a label skips what is unknown and names a place first', () => {
    expect(
      addressLabel({
        name: 'Museo Frida Kahlo',
        street: '',
        exteriorNumber: '',
        neighborhood: 'Del Carmen',
        zipCode: '',
        municipality: 'Guadalajara',
        city: 'Guadalajara',
      }),
    ).toBe('Museo Frida Kahlo, Del Carmen, Guadalajara');
  });

  it('rounds coordinates to about 11 m for cache keys', () => {
    expect(roundCoordinate(19.42452071)).toBe(19.4245);
    expect(roundCoordinate(-99.16769)).toBe(-99.1677);
  });
});
