import { describe, expect, it } from 'vitest';
import {
  AREA_METRES,
  NUDGE_METRES,
  isOtherArea,
  isSamePlace,
  metresBetween,
} from './same-place-rule';
import { NUDGED, ONE_KM_AWAY, SONORA } from './address-provenance.fixtures';

describe('the same-place rule', () => {
  it('measures metres on the ground', () => {
    expect(metresBetween(SONORA, ONE_KM_AWAY)).toBeGreaterThan(950);
    expect(metresBetween(SONORA, ONE_KM_AWAY)).toBeLessThan(1050);
    expect(metresBetween(SONORA, NUDGED)).toBeLessThan(25);
  });

  it(`a pin nudged less than ${NUDGE_METRES} m is at the same door; farther is another place`, () => {
    const anchor = { ...SONORA, precision: 'exact' as const };
    expect(isSamePlace(anchor, NUDGED)).toBe(true);
    expect(isSamePlace(anchor, { lat: SONORA.lat + 0.0007, lng: SONORA.lng })).toBe(false); // ~78 m
    expect(isSamePlace(anchor, ONE_KM_AWAY)).toBe(false);
  });

  it(`a pin at a searched colonia's centre may move up to ${AREA_METRES} m and stay in it`, () => {
    const anchor = { ...SONORA, precision: 'area' as const };
    expect(isSamePlace(anchor, ONE_KM_AWAY)).toBe(true);
    expect(isSamePlace(anchor, { lat: SONORA.lat + 0.02, lng: SONORA.lng })).toBe(false); // ~2.2 km
  });

  it('another colonia or zip code is another area; accents, case and unknowns are not', () => {
    const hipodromo = { neighborhood: 'Hipódromo', zipCode: '06100' };
    expect(isOtherArea(hipodromo, { neighborhood: 'Roma Norte', zipCode: '06700' })).toBe(true);
    expect(isOtherArea(hipodromo, { neighborhood: 'Hipódromo', zipCode: '06170' })).toBe(true);
    expect(isOtherArea(hipodromo, { neighborhood: 'HIPODROMO', zipCode: '' })).toBe(false);
    expect(isOtherArea(undefined, { neighborhood: 'Roma Norte', zipCode: '06700' })).toBe(false);
  });
});
