import { describe, expect, it } from 'vitest';
import { greatCircleKm, roadLegsKm, roundTo, type LngLat } from './distance';

const VARSOVIA_36: LngLat = [-99.1676911, 19.4245207];
const SONORA_180: LngLat = [-99.1672142, 19.4133562];
const ZOCALO_CDMX: LngLat = [-99.1332, 19.4326];
const CATEDRAL_GDL: LngLat = [-103.3475, 20.6767];

describe('distance', () => {
  it('measures the recorded trip at 1.24 km as the crow flies', () => {
    expect(greatCircleKm(VARSOVIA_36, SONORA_180)).toBeCloseTo(1.2424, 3);
  });

  it('measures Mexico City to Guadalajara at about 460 km as the crow flies', () => {
    expect(greatCircleKm(ZOCALO_CDMX, CATEDRAL_GDL)).toBeGreaterThan(455);
    expect(greatCircleKm(ZOCALO_CDMX, CATEDRAL_GDL)).toBeLessThan(465);
  });

  it('is zero between a point and itself, and the same in both directions', () => {
    expect(greatCircleKm(SONORA_180, SONORA_180)).toBe(0);
    expect(greatCircleKm(SONORA_180, VARSOVIA_36)).toBe(greatCircleKm(VARSOVIA_36, SONORA_180));
  });

  it('stretches each leg by the road factor and rounds it to 2 decimals', () => {
    expect(roadLegsKm([VARSOVIA_36, SONORA_180], 1.27)).toEqual([1.58]);
    const legs = roadLegsKm([VARSOVIA_36, SONORA_180, VARSOVIA_36], 1);
    expect(legs).toEqual([1.24, 1.24]);
    expect(roadLegsKm([VARSOVIA_36], 1.3)).toEqual([]);
  });

  it('rounds halves away from zero despite binary fractions', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(35.075, 2)).toBe(35.08);
    expect(roundTo(2.675, 2)).toBe(2.68);
    expect(roundTo(-1.005, 2)).toBe(-1.01);
    expect(roundTo(1.004, 2)).toBe(1);
    expect(roundTo(0, 2)).toBe(0);
    expect(roundTo(80.975, 2)).toBe(80.98);
    expect(roundTo(35 + 45.975, 2)).toBe(80.98);
  });
});
