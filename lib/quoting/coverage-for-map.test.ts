import { describe, expect, it } from 'vitest';
import { coverageForMap } from './coverage-for-map';

describe('coverage for the dispatcher’s map', () => {
  it('lists every zone, served or not, with its outline and nothing of its tariff', async () => {
    const coverage = await coverageForMap();
    expect(coverage.type).toBe('FeatureCollection');
    const areaName = { 'es-MX': expect.any(String), en: expect.any(String) };
    expect(coverage.features.map((f) => f.properties)).toEqual([
      { id: 1, name: 'cdmx', description: 'CDMX|MÉX.|MOR.|HGO.', areaName, active: true },
      { id: 2, name: 'gdl', description: expect.any(String), areaName, active: true },
      { id: 3, name: 'mty', description: expect.any(String), areaName, active: false },
    ]);
    const cdmx = coverage.features[0]!.geometry;
    expect(cdmx.type).toBe('Polygon');
    const ring = (cdmx.coordinates as number[][][])[0]!;
    expect(ring.length).toBeGreaterThan(24);
    for (const [lng, lat] of ring) {
      expect(Math.round(lng! * 1e4) / 1e4).toBe(lng);
      expect(Math.round(lat! * 1e4) / 1e4).toBe(lat);
    }
    expect(JSON.stringify(coverage)).not.toContain('baseFare');
  });
});
