import { describe, expect, it } from 'vitest';
import { MAP_VIEW_COOKIE, mapViewCookie, parseMapView } from './map-view';

describe('the remembered map view', () => {
  it('is used only when it is a real place and zoom', () => {
    expect(parseMapView(JSON.stringify({ lat: 19.4, lng: -99.1, zoom: 14 }))).toEqual({
      lat: 19.4,
      lng: -99.1,
      zoom: 14,
    });
    expect(parseMapView(JSON.stringify({ lat: 19.4, lng: -99.1, zoom: 40 }))).toBeNull();
    expect(parseMapView(JSON.stringify({ lat: 'x', lng: -99.1, zoom: 14 }))).toBeNull();
  });

  it('travels in a cookie the server reads back (as Next decodes it)', () => {
    const cookie = mapViewCookie({ lat: 19.424512345, lng: -99.163498765, zoom: 15 });
    const [pair, ...attributes] = cookie.split('; ');
    const [name, value] = pair!.split('=') as [string, string];
    expect(name).toBe(MAP_VIEW_COOKIE);
    // Only characters a cookie value may hold (RFC 6265): no quote, comma, semicolon or space.
    expect(value).toMatch(/^[A-Za-z0-9%._~!*'()-]+$/);
    expect(parseMapView(decodeURIComponent(value))).toEqual({
      lat: 19.42451,
      lng: -99.1635,
      zoom: 15,
    });
    expect(attributes).toEqual(['path=/', 'max-age=31536000', 'samesite=lax']);
  });
});
