import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { QuotationRequest, WireAddress } from '../courier-api/wire';
import { CourierError } from './errors';
import { quoteOrder } from './quotation';
import { createZoneDirectory, zonesFileSchema } from './zone-directory';

const zones = createZoneDirectory(
  zonesFileSchema.parse(
    JSON.parse(readFileSync(join(import.meta.dirname, '../../data/zones.geojson'), 'utf8')),
  ),
);
const place = (latitude: string, longitude: string): WireAddress => ({
  street: 'Calle',
  externalNumber: 1,
  neighborhood: 'Colonia',
  zipCode: '06600',
  latitude,
  longitude,
});
const VARSOVIA_36 = place('19.4245207', '-99.1676911');
const SONORA_180 = place('19.4133562', '-99.1672142');
const order = (pickup: WireAddress, ...dropoffs: WireAddress[]): QuotationRequest => ({
  data: {
    bOrder: {
      orderAddresses: [
        { isPickup: 1, isSource: 1, address: pickup },
        ...dropoffs.map((address) => ({ isPickup: 0 as const, isSource: 0 as const, address })),
      ],
    },
  },
});
const at = (iso: string) => ({ now: new Date(iso), timeZone: 'America/Mexico_City' });
const codeOf = (request: QuotationRequest) => {
  try {
    quoteOrder(request, zones, at('2025-03-10T18:00:00Z'));
    return 0;
  } catch (error) {
    return (error as CourierError).code;
  }
};

describe('quotation', () => {
  it('prices the recorded trip as recorded (1.58 km, 35.00, 28 min) by day, 50.00 at night', () => {
    const day = quoteOrder(order(VARSOVIA_36, SONORA_180), zones, at('2025-03-10T18:00:00Z'));
    // 1.2424 km great circle × cdmx's road factor 1.27, calibrated on this very trip.
    expect(day.data).toMatchObject({ distance: 1.58, price: 35, eta: 28, isBike: true });
    expect(day.data).toMatchObject({ extraCharge: 0, total: 35 });
    const night = quoteOrder(order(VARSOVIA_36, SONORA_180), zones, at('2025-03-11T05:30:00Z'));
    expect(night.data).toMatchObject({ price: 35, extraCharge: 15, total: 50 });
  });

  it('routes a ten-stop order and shares the distance and price among the legs', () => {
    const stops = Array.from({ length: 9 }, (_, i) =>
      place(String(19.4133562 - i * 0.004), String(-99.1672142 + (i % 2) * 0.003)),
    );
    const { data } = quoteOrder(order(VARSOVIA_36, ...stops), zones, at('2025-03-10T18:00:00Z'));
    expect(data.orderAddresses).toHaveLength(10);
    const legs = data.orderAddresses.map((a) => a.distance);
    expect(legs.reduce((sum, km) => sum + km, 0)).toBeCloseTo(data.distance, 6);
    const cents = data.orderAddresses.reduce((sum, a) => sum + Math.round(a.price * 100), 0);
    expect(cents).toBe(Math.round(data.price * 100));
    const etas = data.orderAddresses.map((a) => a.eta);
    expect(etas).toEqual([...etas].sort((a, b) => a - b));
    expect(etas.at(-1)).toBe(data.eta);
  });

  it('answers with the code of each rule (docs/courier-api.md, "Result codes")', () => {
    expect(codeOf(order(VARSOVIA_36))).toBe(-111);
    expect(codeOf(order(VARSOVIA_36, ...Array(10).fill(SONORA_180)))).toBe(-111);
    expect(codeOf(order(place('19.04', '-98.20'), SONORA_180))).toBe(-114); // Puebla
    expect(codeOf(order(place('25.6714', '-100.3094'), place('25.652', '-100.36')))).toBe(-114);
    expect(codeOf(order(VARSOVIA_36, place('20.6767', '-103.3475')))).toBe(-113);
    expect(codeOf(order(VARSOVIA_36, place('-91', '-99.16')))).toBe(-100);
    expect(codeOf(order(VARSOVIA_36, place('19.41', '180.5')))).toBe(-100);
  });
});
