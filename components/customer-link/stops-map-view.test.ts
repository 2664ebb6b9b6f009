import { describe, expect, it } from 'vitest';
import { worldPixel } from '@/components/map/tile-preview-grid';
import { STOPS_MAP_AREA, stopsMap } from './stops-map-view';

const VARSOVIA = { letter: 'A', lat: 19.4245207, lng: -99.1676911 };
const SONORA = { letter: 'B', lat: 19.4133562, lng: -99.1672142 };
const SATELITE = { letter: 'C', lat: 19.5096, lng: -99.2346 };

const inside = (pin: { left: number; top: number }) =>
  Math.abs(pin.left) <= STOPS_MAP_AREA.width / 2 && Math.abs(pin.top) <= STOPS_MAP_AREA.height / 2;

describe("the customer's small map frames every stop", () => {
  it('a short trip in one colonia is shown close, every pin on the map', () => {
    const map = stopsMap([VARSOVIA, SONORA]);
    expect(map.view.zoom).toBeGreaterThanOrEqual(14);
    expect(map.pins.map((pin) => pin.letter)).toEqual(['A', 'B']);
    expect(map.pins.every(inside)).toBe(true);
  });

  it('a trip across the city zooms out until the farthest drop-off fits too', () => {
    const near = stopsMap([VARSOVIA, SONORA]);
    const far = stopsMap([VARSOVIA, SONORA, SATELITE]);
    expect(far.view.zoom).toBeLessThan(near.view.zoom);
    expect(far.pins.every(inside)).toBe(true);
  });

  it('a pin sits where its stop is on the tiles of the view', () => {
    const map = stopsMap([VARSOVIA, SONORA]);
    const centre = worldPixel(map.view);
    const spot = worldPixel({ ...SONORA, zoom: map.view.zoom });
    const pin = map.pins[1]!;
    expect(Math.abs(centre.x + pin.left - spot.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(centre.y + pin.top - spot.y)).toBeLessThanOrEqual(1);
  });

  it('one stop alone is shown at street level', () => {
    expect(stopsMap([VARSOVIA]).view.zoom).toBe(16);
  });
});
