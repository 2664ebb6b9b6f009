import { describe, expect, it } from 'vitest';
import { PREVIEW_AREA, TILE_SIZE, previewTiles, tileUrl, worldPixel } from './tile-preview-grid';

const OSM = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const CDMX = { lat: 19.4245, lng: -99.1635, zoom: 14 };

describe('worldPixel', () => {
  it('puts (0, 0) in the middle of the world at every zoom', () => {
    expect(worldPixel({ lat: 0, lng: 0, zoom: 0 })).toEqual({ x: 128, y: 128 });
    expect(worldPixel({ lat: 0, lng: 0, zoom: 3 })).toEqual({ x: 1024, y: 1024 });
  });

  it('finds central Mexico City in the tile OSM names 14/3678/7290', () => {
    const { x, y } = worldPixel(CDMX);
    expect(Math.floor(x / TILE_SIZE)).toBe(3678);
    expect(Math.floor(y / TILE_SIZE)).toBe(7290);
  });
});

describe('tileUrl', () => {
  it.each([
    [OSM, 'https://tile.openstreetmap.org/14/3678/7290.png'],
    ['https://{s}.tile.example/{z}/{x}/{y}{r}.png', 'https://a.tile.example/14/3678/7290.png'],
    ['/tiles/{z}/{x}/{-y}.png', `/tiles/14/3678/${2 ** 14 - 1 - 7290}.png`],
    [
      'https://t.example/{z}/{x}/{y}.png?key={apikey}',
      'https://t.example/14/3678/7290.png?key={apikey}',
    ],
  ])('%s', (template, url) => {
    expect(tileUrl(template, 14, 3678, 7290)).toBe(url);
  });
});

describe('previewTiles', () => {
  const tiles = previewTiles(OSM, CDMX);

  it('covers the largest map around the centre with whole tiles and no more', () => {
    const lefts = new Set(tiles.map((tile) => tile.left));
    const tops = new Set(tiles.map((tile) => tile.top));
    expect(Math.min(...lefts)).toBeLessThanOrEqual(-PREVIEW_AREA.width / 2);
    expect(Math.max(...lefts) + TILE_SIZE).toBeGreaterThanOrEqual(PREVIEW_AREA.width / 2);
    expect(Math.min(...tops)).toBeLessThanOrEqual(-PREVIEW_AREA.height / 2);
    expect(Math.max(...tops) + TILE_SIZE).toBeGreaterThanOrEqual(PREVIEW_AREA.height / 2);
    expect(tiles.length).toBe(lefts.size * tops.size);
    expect(tiles.length).toBeLessThanOrEqual(5 * 4);
    expect(new Set(tiles.map((tile) => tile.key)).size).toBe(tiles.length);
  });

  it('places tiles a whole tile apart, the centre inside the central tile', () => {
    const centre = tiles.find((tile) => tile.url.endsWith('/14/3678/7290.png'))!;
    expect(centre.left).toBeLessThanOrEqual(0);
    expect(centre.left + TILE_SIZE).toBeGreaterThan(0);
    expect(centre.top).toBeLessThanOrEqual(0);
    expect(centre.top + TILE_SIZE).toBeGreaterThan(0);
    const right = tiles.find((tile) => tile.url.endsWith('/14/3679/7290.png'))!;
    expect(right.left - centre.left).toBe(TILE_SIZE);
  });

  it('lists the tiles a small phone shows first (2 × 2 to 3 × 3), the rest after', () => {
    const central = tiles.filter((tile) => tile.central);
    expect(central.length).toBeGreaterThanOrEqual(4);
    expect(central.length).toBeLessThanOrEqual(9);
    expect(tiles.slice(0, central.length).every((tile) => tile.central)).toBe(true);
    // The tile under the centre comes first.
    expect(tiles[0]!.url).toBe('https://tile.openstreetmap.org/14/3678/7290.png');
  });

  it('repeats the world sideways at the antimeridian and stops at the poles', () => {
    const dateLine = previewTiles(OSM, { lat: 84.9, lng: 179.99, zoom: 2 });
    // At zoom 2 the world is 4 × 4 tiles: x wraps from 3 to 0, and nothing lies above row 0.
    const cells = new Set(dateLine.map((tile) => /\/2\/(-?\d+\/-?\d+)\.png$/.exec(tile.url)?.[1]));
    expect(cells).toEqual(new Set(['0/0', '1/0', '2/0', '3/0', '0/1', '1/1', '2/1', '3/1']));
  });
});
