import { describe, expect, it } from 'vitest';
import { storable } from './record-quote';

describe('text a record can hold', () => {
  it('a NUL or a lone surrogate becomes U+FFFD; whole pairs, accents and the rest stay', () => {
    const stops = [
      { street: 'Varsovia\u0000', neighborhood: 'Ju\uD800rez', zipCode: '06600' },
      { street: 'Sonora 😀', neighborhood: 'Hipódromo\uDC00', zipCode: '06100' },
    ];
    expect(storable(stops)).toEqual([
      { street: 'Varsovia\uFFFD', neighborhood: 'Ju\uFFFDrez', zipCode: '06600' },
      { street: 'Sonora 😀', neighborhood: 'Hipódromo\uFFFD', zipCode: '06100' },
    ]);
    expect(storable({ total: 35, zone: { id: 1, name: 'cdmx' } })).toEqual({
      total: 35,
      zone: { id: 1, name: 'cdmx' },
    });
  });
});
