import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { quoteOrder } from '@/lib/courier-service/quotation';
import { createZoneDirectory, zonesFileSchema } from '@/lib/courier-service/zone-directory';
import { createPolygonIndex } from '@/lib/geo/polygon-index';
import type { QuotationRequest } from '@/lib/courier-api/wire';
import recordedTripWire from '../../test/fixtures/recorded-trip-wire.json';
import { syntheticZones } from './synthetic-zones';
import { ZONE_COUNTS } from './zone-growth';

const shipped = zonesFileSchema.parse(
  JSON.parse(readFileSync(join(import.meta.dirname, '../../data/zones.geojson'), 'utf8')),
);
const order = recordedTripWire as QuotationRequest;
const stops = order.data.bOrder.orderAddresses.map(
  ({ address }) => [Number(address.longitude), Number(address.latitude)] as [number, number],
);
const options = { now: new Date('2026-11-20T12:00:00-06:00'), timeZone: 'America/Mexico_City' };

describe.each(ZONE_COUNTS)('the zone-growth figure’s %i zones', (count) => {
  const file = syntheticZones(shipped, count);

  it('are that many valid zones', () => {
    expect(zonesFileSchema.parse(file).features).toHaveLength(count);
  });

  it('make every lookup of the trip choose among overlapping zones, and it still prices in Mexico City', () => {
    const index = createPolygonIndex(file.features);
    const directory = createZoneDirectory(file);
    for (const stop of stops) {
      const candidates = index.candidates(stop).map((zone) => zone.properties.name);
      expect(candidates.length).toBeGreaterThanOrEqual(7);
      expect(directory.zonesAt(stop).map((zone) => zone.properties.name)).toEqual([
        'retired-metro',
        'cdmx',
        'state-wide',
        'region-wide',
      ]);
    }
    expect(quoteOrder(order, directory, options).data.zone.name).toBe('cdmx');
  });
});
