import { describe, expect, it } from 'vitest';
import { tileUrlMatcher } from './tile-template';

const APP = 'http://127.0.0.1:3000';

describe('which URLs are map tiles', () => {
  it('are those the Leaflet template names, and no others', () => {
    const isTile = tileUrlMatcher('https://tile.openstreetmap.org/{z}/{x}/{y}.png', APP)!;
    expect(isTile('https://tile.openstreetmap.org/14/3678/7290.png')).toBe(true);
    expect(isTile('https://tile.openstreetmap.org/14/3678/7290.jpg')).toBe(false);
    expect(isTile('https://tile.openstreetmap.org/14/3678/7290.png?x=1')).toBe(false);
    expect(isTile('https://tile.openstreetmap.org.evil.example/14/3678/7290.png')).toBe(false);
    expect(isTile('http://tile.openstreetmap.org/14/3678/7290.png')).toBe(false);
    expect(isTile('https://tile.openstreetmap.org/a/b/c.png')).toBe(false);
  });

  it('take a subdomain, a high-density suffix, a TMS row and an API key', () => {
    const isTile = tileUrlMatcher(
      'https://{s}.tiles.example/{z}/{x}/{-y}{r}.png?key={apiKey}',
      APP,
    )!;
    expect(isTile('https://b.tiles.example/3/4/5@2x.png?key=abc123')).toBe(true);
    expect(isTile('https://c.tiles.example/3/4/5.png?key=abc123')).toBe(true);
    expect(isTile('https://c.d.tiles.example/3/4/5.png?key=abc123')).toBe(false);
  });

  it('may be served by the app itself', () => {
    const isTile = tileUrlMatcher('/tiles/{z}/{x}/{y}.png', APP)!;
    expect(isTile(`${APP}/tiles/1/2/3.png`)).toBe(true);
    expect(isTile('https://elsewhere.example/tiles/1/2/3.png')).toBe(false);
  });

  it('are none when the template cannot name a tile: nothing is cached on a guess', () => {
    expect(tileUrlMatcher('', APP)).toBeUndefined();
    expect(tileUrlMatcher('https://tiles.example/map.png', APP)).toBeUndefined();
    expect(tileUrlMatcher('javascript:alert(1)//{z}/{x}/{y}', APP)).toBeUndefined();
    expect(tileUrlMatcher('ftp://tiles.example/{z}/{x}/{y}.png', APP)).toBeUndefined();
  });
});
