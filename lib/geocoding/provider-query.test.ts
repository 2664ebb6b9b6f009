import { describe, expect, it } from 'vitest';
import { parseAddressText } from './address-text';
import { areaQuery, cleanedQuery, searchWithFallback } from './provider-query';

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
      parseAddressText('Varsovia 38, Juárez'),
      geocoder({ Juárez: ['Juárez'] }),
    );
    expect(found).toEqual(['Juárez']);
    expect(asked).toEqual(['Varsovia 38, Juárez', 'Juárez']);
  });

  it('not when the address is found, nor when there is no colonia or zip code to ask for', async () => {
    asked.length = 0;
    await searchWithFallback(
      parseAddressText('Varsovia 36, Juárez'),
      geocoder({ 'Varsovia 36, Juárez': ['Varsovia 36'] }),
    );
    await searchWithFallback(parseAddressText('Varsovia 38'), geocoder({}));
    await searchWithFallback(parseAddressText('col. juárez'), geocoder({}));
    expect(asked).toEqual(['Varsovia 36, Juárez', 'Varsovia 38', 'Juárez']);
  });
});
