import { describe, expect, it } from 'vitest';
import { formatCoordinates, parseCoordinates } from './coordinates';

describe('typed coordinates move a pin', () => {
  it('accepts latitude and longitude as a dispatcher copies them', () => {
    expect(parseCoordinates('19.4245207, -99.1676911')).toEqual({
      lat: 19.4245207,
      lng: -99.1676911,
    });
    expect(parseCoordinates('  19.4245 -99.1677 ')).toEqual({ lat: 19.4245, lng: -99.1677 });
    expect(parseCoordinates('19,4245; -99,1677')).toEqual({ lat: 19.4245, lng: -99.1677 });
  });

  it('refuses what is not a place on Earth', () => {
    expect(parseCoordinates('')).toBeNull();
    expect(parseCoordinates('19.42')).toBeNull();
    expect(parseCoordinates('Varsovia 36')).toBeNull();
    expect(parseCoordinates('91, 10')).toBeNull();
    expect(parseCoordinates('10, 181')).toBeNull();
    expect(parseCoordinates('1, 2, 3')).toBeNull();
  });

  it('shows a pin to six decimals, and nothing without a pin', () => {
    expect(formatCoordinates({ lat: 19.4245207, lng: -99.1676911 })).toBe('19.424521, -99.167691');
    expect(formatCoordinates(null)).toBe('');
  });
});
