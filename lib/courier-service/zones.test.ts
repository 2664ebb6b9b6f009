import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadZones } from './zones';

const dir = mkdtempSync(join(tmpdir(), 'zones-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the coverage zones', () => {
  it('reads the zones file once per process', async () => {
    expect(loadZones()).toBe(loadZones());
  });

  it('without COURIER_ZONES_FILE, reads the shipped data/zones.geojson', async () => {
    const zones = await loadZones();
    expect(zones.zones.map((zone) => zone.properties.name)).toEqual(['cdmx', 'gdl', 'mty']);
  });

  it('refuses a file that breaks a rule, naming the file and the rule', async () => {
    const file = join(dir, 'duplicate-ids.geojson');
    const shipped = JSON.parse(readFileSync('data/zones.geojson', 'utf8'));
    shipped.features[1].properties.idZone = 1;
    writeFileSync(file, JSON.stringify(shipped));
    await expect(loadZones(file)).rejects.toThrow(
      `zones file ${file} is invalid: ✖ every idZone must appear once`,
    );
  });

  it('reads a broken file again on the next call, so fixing it heals without a restart', async () => {
    const file = join(dir, 'fixed-later.geojson');
    writeFileSync(file, '{"type": "FeatureCollection", "features": [ oops');
    await expect(loadZones(file)).rejects.toThrow(SyntaxError);
    writeFileSync(file, readFileSync('data/zones.geojson'));
    expect((await loadZones(file)).zones).toHaveLength(3);
  });
});
