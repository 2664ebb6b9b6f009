import { describe, expect, it } from 'vitest';
import { foldedWords } from './fold';
import { maxTypos, namesPlace, nameMatchTier, wordMatch } from './name-match';

describe('a typed word against a name’s word', () => {
  it.each([
    ['juarez', 'juarez', 'exact'],
    ['juar', 'juarez', 'prefix'],
    ['juares', 'juarez', 'typo'],
    ['polanko', 'polanco', 'typo'],
    ['roma', 'rima', null],
    ['sur', 'san', null],
    ['06600', '06700', null],
  ] as const)('"%s" against "%s": %s', (typed, word, match) => {
    expect(wordMatch(typed, word)).toBe(match);
  });

  it('forgives one mistake from five letters on, two from ten, none in numbers', () => {
    expect([
      maxTypos('roma'),
      maxTypos('juares'),
      maxTypos('tlacoquemecatl'),
      maxTypos('06600'),
    ]).toEqual([0, 1, 2, 0]);
  });
});

describe('how closely typed words name a colonia', () => {
  const tier = (typed: string, name: string, core = name) =>
    nameMatchTier(
      foldedWords(typed),
      foldedWords(name),
      foldedWords(core).filter((word) => !['de', 'del'].includes(word)),
    );

  it('its name, typing mistakes forgiven, or its name without the municipality', () => {
    expect(tier('juares', 'Juárez')).toBe(0);
    expect(tier('centro', 'Guadalajara Centro', 'Centro')).toBe(0);
  });

  it('the beginning of its name, a leading "del" included', () => {
    expect(tier('del vall', 'Del Valle Centro')).toBe(1);
    expect(tier('del valle', 'Tlacoquemécatl del Valle')).toBe(2);
  });

  it('a word found elsewhere in it, or not at all', () => {
    expect(tier('insurgentes', 'San José Insurgentes')).toBe(2);
    expect(tier('condesa', 'Hipódromo')).toBeNull();
  });
});

describe('whether typed words named the colonia found', () => {
  it.each([
    ['roma norte', 'Roma Norte', true],
    ['roma', 'Roma Norte', true],
    ['del vall', 'Del Valle Centro', true],
    ['polanco', 'Polanco II Sección', true],
    ['Hipodromo', 'Hipódromo', true],
    ['insurgentes', 'Insurgentes Mixcoac', false],
    ['insurgentes', 'San José Insurgentes', false],
  ] as const)('"%s" names %s: %s', (typed, name, names) => {
    expect(namesPlace(typed, name)).toBe(names);
  });

  it('a colonia that repeats its municipality is named without it', () => {
    expect(namesPlace('centro', 'Guadalajara Centro', ['Guadalajara'])).toBe(true);
  });
});
