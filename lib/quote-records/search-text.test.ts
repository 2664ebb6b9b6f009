import { describe, expect, it } from 'vitest';
import type { RecordedStop } from './record';
import { searchTextOf, searchWords } from './search-text';

const stop = (letter: string, street: string, neighborhood: string): RecordedStop => ({
  letter,
  street,
  exteriorNumber: '36',
  neighborhood,
  zipCode: '06600',
  lat: 19.42,
  lng: -99.16,
});

const STOPS = [stop('A', 'Varsovia', 'Juárez'), stop('B', 'Álvaro Obregón', 'Roma Norte')];

/** As the store matches: every word of the search is somewhere in the record's text. */
const finds = (text: string, search: string) =>
  searchWords(search).every((word) => text.includes(word));

describe('what a quote record is found by', () => {
  it('its reference, streets, numbers and colonias, accents and case aside', () => {
    const text = searchTextOf('DQ-7K3M9P', STOPS);
    expect(text).toBe('dq 7k3m9p varsovia 36 juarez alvaro obregon 36 roma norte');
    expect(finds(text, 'OBREGON roma')).toBe(true);
  });

  it('the customer text too, by any word of it, as the dispatcher would type it again', () => {
    const text = searchTextOf('DQ-7K3M9P', STOPS, 'Florería Doña Lupita');
    expect(finds(text, 'lupita')).toBe(true);
    expect(finds(text, 'floreria dona')).toBe(true);
    expect(finds(searchTextOf('DQ-7K3M9P', STOPS), 'lupita')).toBe(false);
  });

  it('a customer phone, however its digits were grouped when typed or searched', () => {
    const text = searchTextOf('DQ-7K3M9P', STOPS, 'Lupita +52 (55) 1234-5678');
    expect(finds(text, '55 1234 5678')).toBe(true);
    expect(finds(text, '5512345678')).toBe(true);
    expect(finds(text, '1234-5678')).toBe(true);
    expect(finds(text, '12345678')).toBe(true);
  });
});
