import { describe, expect, it } from 'vitest';
import { nightSurchargeAt, priceTrip } from './pricing';
import type { Tariff } from './zone-directory';

const TARIFF: Tariff = {
  currency: 'MXN',
  baseFare: 35,
  baseKm: 3,
  perKm: 7.5,
  roadFactor: 1.27,
  bikeMaxKm: 4,
  pickupWaitMin: 20,
  bikeKmh: 12,
  motorbikeKmh: 25,
  messengerShare: 0.8,
  nightSurcharge: { fromHour: 22, toHour: 6, amount: 15 },
};
const MEXICO_CITY = 'America/Mexico_City';
/** Noon in Mexico City (UTC−6): no night surcharge. */
const NOON = new Date('2025-03-10T18:00:00Z');
const price = (legsKm: number[], now = NOON) =>
  priceTrip(legsKm, TARIFF, { now, timeZone: MEXICO_CITY });

describe('price model', () => {
  it('prices the recorded 1.58 km trip at 35.00 MXN, 28 minutes, by bicycle', () => {
    expect(price([1.58])).toMatchObject({
      distanceKm: 1.58,
      price: 35,
      etaMinutes: 28,
      isBike: true,
      vehicle: 'bicycle',
      discount: 0,
      extraCharge: 0,
      total: 35,
      messengerFee: 28,
      operatorCost: 7,
    });
  });

  it('prices a slightly longer estimate of the same trip the same way', () => {
    expect(price([1.62])).toMatchObject({ price: 35, etaMinutes: 28, isBike: true, total: 35 });
  });

  it('sends a 9 km trip by motorbike at 35 + 6 × 7.50', () => {
    expect(price([9])).toMatchObject({
      price: 80,
      isBike: false,
      vehicle: 'motorbike',
      etaMinutes: 42, // 20 + 9 km at 25 km/h = 41.6
      messengerFee: 64,
      operatorCost: 16,
      total: 80,
    });
  });

  it('charges only the base fare up to 3 km, and 7.50 per km beyond it', () => {
    expect(price([3]).price).toBe(35);
    expect(price([2.99]).price).toBe(35);
    expect(price([3.01]).price).toBe(35.08);
    expect(price([4]).price).toBe(42.5);
    expect(price([0]).price).toBe(35);
    expect(price([9.13]).price).toBe(80.98); // 35 + 6.13 × 7.50 = 80.975
  });

  it('sends trips up to 4 km by bicycle and longer ones by motorbike', () => {
    expect(price([4])).toMatchObject({ isBike: true, etaMinutes: 40 });
    expect(price([4.01])).toMatchObject({ isBike: false, etaMinutes: 30 });
  });

  it('prices A → B → C → D (1.58 + 1.19 + 0.95 km) to the cent, leg by leg', () => {
    // Varsovia 36 → Sonora 180 → Durango 200 → Havre 30 (quotation.test.ts measures the legs).
    expect(price([1.58, 1.19, 0.95])).toEqual({
      distanceKm: 3.72, // 1.58 + 1.19 + 0.95; cumulative 1.58, 2.77, 3.72
      price: 40.4, // 35 + (3.72 − 3) × 7.50 = 35 + 5.40
      isBike: true, // 3.72 ≤ 4 km
      vehicle: 'bicycle',
      // 20 + km at 12 km/h: 20 + 0 = 20; 20 + 7.9 = 27.9; 20 + 13.85 = 33.85; 20 + 18.6 = 38.6
      arrivalMinutes: [20, 28, 34, 39],
      etaMinutes: 39,
      // 4040 cents shared by cumulative km: 4040 × 1.58 / 3.72 = 1715.91 → 1716,
      // 4040 × 2.77 / 3.72 = 3008.28 → 3008, then 4040: legs 1716, 1292, 1032 cents.
      legPrices: [0, 17.16, 12.92, 10.32],
      discount: 0,
      extraCharge: 0,
      total: 40.4,
      messengerFee: 32.32, // 40.40 × 0.8
      operatorCost: 8.08, // 40.40 − 32.32
    });
  });

  it('at night adds 15.00 to the total and to nothing else: the fee and the operator’s cost stay', () => {
    const elevenPm = new Date('2025-03-11T05:00:00Z'); // 23:00 in Mexico City
    expect(price([1.58, 1.19, 0.95], elevenPm)).toMatchObject({
      price: 40.4,
      extraCharge: 15,
      total: 55.4, // 40.40 + 15.00
      messengerFee: 32.32, // 40.40 × 0.8, the surcharge not included
      operatorCost: 8.08, // 40.40 − 32.32, the surcharge not included
      legPrices: [0, 17.16, 12.92, 10.32],
    });
    expect(price([1.58], elevenPm)).toMatchObject({
      price: 35,
      extraCharge: 15,
      total: 50,
      messengerFee: 28,
      operatorCost: 7,
    });
  });

  it('adds the night surcharge between 22:00 and 06:00 local time, to the total only', () => {
    const at = (iso: string) => price([1.58], new Date(iso));
    expect(at('2025-03-10T04:00:00Z')).toMatchObject({ extraCharge: 15, price: 35, total: 50 }); // 22:00
    expect(at('2025-03-10T03:59:00Z')).toMatchObject({ extraCharge: 0, total: 35 }); // 21:59
    expect(at('2025-03-10T11:59:00Z')).toMatchObject({ extraCharge: 15, total: 50 }); // 05:59
    expect(at('2025-03-10T12:00:00Z')).toMatchObject({ extraCharge: 0, total: 35 }); // 06:00
    expect(at('2025-03-10T06:30:00Z').messengerFee).toBe(28);
  });

  it('reads the night hours in the zone’s own time zone', () => {
    const sevenPmInTijuana = new Date('2025-03-11T02:00:00Z'); // 20:00 in Mexico City
    expect(nightSurchargeAt(TARIFF, sevenPmInTijuana, 'America/Tijuana')).toBe(0);
    expect(nightSurchargeAt(TARIFF, sevenPmInTijuana, 'Asia/Tokyo')).toBe(0); // 11:00
    expect(nightSurchargeAt(TARIFF, sevenPmInTijuana, 'Europe/Madrid')).toBe(15); // 03:00
  });

  it('handles a night window that does not cross midnight, and no surcharge at all', () => {
    const early = { ...TARIFF, nightSurcharge: { fromHour: 1, toHour: 5, amount: 10 } };
    expect(nightSurchargeAt(early, new Date('2025-03-10T08:00:00Z'), MEXICO_CITY)).toBe(10); // 02:00
    expect(nightSurchargeAt(early, new Date('2025-03-10T06:00:00Z'), MEXICO_CITY)).toBe(0); // 00:00
    // From 01:00 sharp, until 05:00 sharp (not included).
    expect(nightSurchargeAt(early, new Date('2025-03-10T07:00:00Z'), MEXICO_CITY)).toBe(10); // 01:00
    expect(nightSurchargeAt(early, new Date('2025-03-10T10:59:00Z'), MEXICO_CITY)).toBe(10); // 04:59
    expect(nightSurchargeAt(early, new Date('2025-03-10T11:00:00Z'), MEXICO_CITY)).toBe(0); // 05:00
    const { nightSurcharge: _, ...daytimeOnly } = TARIFF;
    expect(nightSurchargeAt(daytimeOnly, new Date('2025-03-10T08:00:00Z'), MEXICO_CITY)).toBe(0);
  });

  it('follows the tariff of the zone, not constants', () => {
    const dearer = {
      ...TARIFF,
      baseFare: 50,
      baseKm: 2,
      perKm: 10,
      bikeMaxKm: 1,
      pickupWaitMin: 10,
      motorbikeKmh: 30,
      messengerShare: 0.75,
    };
    expect(priceTrip([3], dearer, { now: NOON, timeZone: MEXICO_CITY })).toMatchObject({
      price: 60, // 50 + (3 − 2) × 10
      isBike: false, // 3 > 1 km
      etaMinutes: 16, // 10 + 3 km at 30 km/h
      messengerFee: 45, // 60 × 0.75
      operatorCost: 15,
    });
  });

  it('gives each stop its arrival time and a share of the price that add up', () => {
    const trip = price([1.5, 3, 0.75]);
    expect(trip.distanceKm).toBe(5.25);
    expect(trip.price).toBe(51.88); // 35 + 2.25 × 7.50 = 51.875
    expect(trip.arrivalMinutes).toEqual([20, 24, 31, 33]); // motorbike: 0, 1.5, 4.5, 5.25 km
    expect(trip.etaMinutes).toBe(33);
    // 5188 cents by cumulative km: 5188 × 1.5 / 5.25 = 1482.29 → 1482, 5188 × 4.5 / 5.25 =
    // 4446.86 → 4447, then 5188: legs 1482, 2965, 741 cents (a floor would give 1482, 2964, 742).
    expect(trip.legPrices).toEqual([0, 14.82, 29.65, 7.41]);
  });

  it('puts the whole price on the drop-off of a trip of 0 km', () => {
    expect(price([0]).legPrices).toEqual([0, 35]);
  });
});
