import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { QuotationRequest, WireAddress } from '../courier-api/wire';
import { THREE_STOP_DAY_LEGS, THREE_STOP_DAY_TOTALS } from '@/test/fixtures/three-stop-trip';
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
const DURANGO_200 = place('19.4205', '-99.1625');
const HAVRE_30 = place('19.4272', '-99.1622');
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
    // 23:30: the surcharge goes to the total; the messenger's fee and the operator's cost are
    // shares of the price alone (35 × 0.8 = 28, 35 − 28 = 7).
    expect(night.data).toMatchObject({
      distance: 1.58,
      eta: 28,
      price: 35,
      extraCharge: 15,
      total: 50,
      messengerFee: 28,
      expressCost: 7,
    });
  });

  it('prices Varsovia 36 → Sonora 180 → Durango 200 → Havre 30 leg by leg, to the cent', () => {
    const trip = order(VARSOVIA_36, SONORA_180, DURANGO_200, HAVRE_30);
    const { data } = quoteOrder(trip, zones, at('2025-03-10T18:00:00Z'));
    // Great circle (haversine, R = 6371.0088 km) × cdmx's road factor 1.27, to 2 decimals:
    // A→B 1.24244 × 1.27 = 1.5779 → 1.58; B→C 0.93564 × 1.27 = 1.1883 → 1.19;
    // C→D 0.74567 × 1.27 = 0.9470 → 0.95. 3.72 km in all: 35 + 0.72 × 7.50 = 40.40, by bicycle.
    // Minutes: 20 + cumulative km at 12 km/h (1.58 → 27.9, 2.77 → 33.85, 3.72 → 38.6).
    // Prices: 4040 cents by cumulative km, 1716 (1715.91), 3008 (3008.28), 4040.
    expect(
      data.orderAddresses.map(({ distance, eta, price }) => ({ distance, eta, price })),
    ).toEqual(THREE_STOP_DAY_LEGS);
    expect(data).toMatchObject(THREE_STOP_DAY_TOTALS);
    const night = quoteOrder(trip, zones, at('2025-03-11T05:30:00Z')).data;
    expect(night).toMatchObject({
      price: 40.4,
      extraCharge: 15,
      total: 55.4,
      messengerFee: 32.32,
      expressCost: 8.08,
    });
    expect(night.orderAddresses.map((a) => a.price)).toEqual([0, 17.16, 12.92, 10.32]);
  });

  it('rides the drop-offs in the order sent: D before C makes other legs', () => {
    const { data } = quoteOrder(
      order(VARSOVIA_36, SONORA_180, HAVRE_30, DURANGO_200),
      zones,
      at('2025-03-10T18:00:00Z'),
    );
    // B→D 1.62669 × 1.27 = 2.0659 → 2.07; D→C 0.74567 × 1.27 → 0.95. 4.60 km: by motorbike at
    // 25 km/h, 35 + 1.60 × 7.50 = 47.00; minutes 20 + 3.79 (1.58 km), + 8.76 (3.65), + 11.04 (4.60).
    // 4700 cents: 4700 × 1.58 / 4.6 = 1614.35 → 1614, 4700 × 3.65 / 4.6 = 3729.35 → 3729.
    expect(
      data.orderAddresses.map(({ distance, eta, price }) => ({ distance, eta, price })),
    ).toEqual([
      { distance: 0, eta: 20, price: 0 },
      { distance: 1.58, eta: 24, price: 16.14 },
      { distance: 2.07, eta: 29, price: 21.15 },
      { distance: 0.95, eta: 31, price: 9.71 },
    ]);
    expect(data).toMatchObject({ distance: 4.6, isBike: false, price: 47, total: 47 });
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
  it('names what is wrong in the refusal: how many addresses came, which coordinate is out of range', () => {
    const failure = (request: QuotationRequest) => {
      try {
        quoteOrder(request, zones, at('2025-03-10T18:00:00Z'));
      } catch (error) {
        const { code, message, addressIndex } = error as CourierError;
        return { code, message, addressIndex };
      }
      throw new Error('expected a refusal');
    };
    expect(failure(order(VARSOVIA_36))).toEqual({
      code: -111,
      message:
        'Direcciones invalidas: se requieren de 2 a 10 y un solo punto de recolección, que sea el origen: se recibieron 1 direcciones',
      addressIndex: undefined,
    });
    expect(failure(order(VARSOVIA_36, ...Array(10).fill(SONORA_180))).message).toMatch(
      /: se recibieron 11 direcciones$/,
    );
    const twoPickups = order(VARSOVIA_36, SONORA_180);
    twoPickups.data.bOrder.orderAddresses[1]!.isPickup = 1;
    expect(failure(twoPickups).message).toMatch(
      /: debe haber exactamente una dirección con isPickup 1 e isSource 1$/,
    );
    expect(failure(order(VARSOVIA_36, place('norte', '-99.16'))).message).toBe(
      'Formato invalido: data.bOrder.orderAddresses.1.address.latitude fuera de rango',
    );
    expect(failure(order(VARSOVIA_36, place('19.41', '-180.5'))).message).toBe(
      'Formato invalido: data.bOrder.orderAddresses.1.address.longitude fuera de rango',
    );
    const guadalajara = place('20.6767', '-103.3475');
    expect(failure(order(VARSOVIA_36, SONORA_180, guadalajara))).toMatchObject({
      code: -113,
      addressIndex: 2,
    });
  });

  it('takes coordinates up to ±90° and ±180°, refusing only beyond them', () => {
    for (const [latitude, longitude] of [
      ['90', '-99.16'],
      ['-90', '-99.16'],
      ['19.41', '180'],
      ['19.41', '-180'],
    ] as const) {
      expect(
        codeOf(order(VARSOVIA_36, place(latitude, longitude))),
        `${latitude},${longitude}`,
      ).toBe(-113);
    }
    expect(codeOf(order(VARSOVIA_36, place('90.0001', '-99.16')))).toBe(-100);
    expect(codeOf(order(VARSOVIA_36, place('-90.0001', '-99.16')))).toBe(-100);
    expect(codeOf(order(VARSOVIA_36, place('19.41', '180.0001')))).toBe(-100);
  });

  it('needs the one pickup to be the source too', () => {
    const pickupNotSource = order(VARSOVIA_36, SONORA_180);
    pickupNotSource.data.bOrder.orderAddresses[0]!.isSource = 0;
    pickupNotSource.data.bOrder.orderAddresses[1]!.isSource = 1;
    expect(codeOf(pickupNotSource)).toBe(-111);
    const twoSources = order(VARSOVIA_36, SONORA_180);
    twoSources.data.bOrder.orderAddresses[1]!.isSource = 1;
    expect(codeOf(twoSources)).toBe(-111);
  });

  it('rides from the pickup wherever it is listed, and answers each address in the order sent', () => {
    const pickupSecond: QuotationRequest = {
      data: {
        bOrder: {
          orderAddresses: [
            { isPickup: 0, isSource: 0, address: SONORA_180 },
            { isPickup: 1, isSource: 1, address: VARSOVIA_36 },
          ],
        },
      },
    };
    const { data } = quoteOrder(pickupSecond, zones, at('2025-03-10T18:00:00Z'));
    expect(data.orderAddresses).toEqual([
      {
        isPickup: 0,
        isSource: 0,
        address: { ...SONORA_180, latitude: 19.4133562, longitude: -99.1672142 },
        distance: 1.58,
        eta: 28,
        price: 35,
      },
      {
        isPickup: 1,
        isSource: 1,
        address: { ...VARSOVIA_36, latitude: 19.4245207, longitude: -99.1676911 },
        distance: 0,
        eta: 20,
        price: 0,
      },
    ]);
    expect(data).toMatchObject({
      distance: 1.58,
      total: 35,
      rating: 0,
      packageValue: 0,
      zone: { idZone: 1, name: 'cdmx', description: 'CDMX|MÉX.|MOR.|HGO.' },
      packageType: { idPackageType: 1, name: 'sobre' },
    });
  });

  it('prices the night by the zone’s own time zone, not the service’s', () => {
    // 07:00 UTC is 01:00 in Mexico City: night there, day by the service's UTC clock.
    const night = quoteOrder(order(VARSOVIA_36, SONORA_180), zones, {
      now: new Date('2025-03-11T07:00:00Z'),
      timeZone: 'UTC',
    });
    expect(night.data).toMatchObject({
      distance: 1.58,
      eta: 28,
      extraCharge: 15,
      total: 50,
      messengerFee: 28,
      expressCost: 7,
    });
  });
});
