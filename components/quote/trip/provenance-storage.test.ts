import { describe, expect, it } from 'vitest';
import { emptyProvenance, vouchedFor } from './address-provenance';
import { SONORA, quotedAtSonora, sonoraTyped } from './address-provenance.fixtures';
import { parseProvenance } from './provenance-storage';

describe('kept with the draft', () => {
  it('reads back what it wrote, and nothing odd', () => {
    const { provenance } = quotedAtSonora();
    expect(parseProvenance(JSON.parse(JSON.stringify(provenance)))).toEqual(provenance);
    expect(parseProvenance({ origins: { street: 'hacked', zipCode: 'pin' }, anchor: 'x' })).toEqual(
      {
        origins: { zipCode: 'pin' },
        anchor: null,
      },
    );
    expect(parseProvenance(null)).toEqual(emptyProvenance());
    expect(parseProvenance({ anchor: { lat: 200, lng: 0 } }).anchor).toBeNull();
  });

  it('a reopened quote is vouched for as it was quoted', () => {
    expect(vouchedFor({ ...sonoraTyped(), ...SONORA })).toEqual({
      origins: {
        street: 'typed',
        exteriorNumber: 'typed',
        interiorNumber: 'typed',
        neighborhood: 'typed',
        zipCode: 'typed',
      },
      anchor: { ...SONORA, precision: 'exact' },
    });
  });
});
