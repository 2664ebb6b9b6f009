// Not server-only: pure courier logic with no secret and no I/O, which bench/zone-growth loads
// through Vite (where 'server-only' throws); test/hardening/server-only-modules.test.ts keeps it
// out of the browser's graph.
import { TZDate } from '@date-fns/tz';
import { roundTo } from '../geo/distance';
import type { Tariff } from './zone-directory';

export type Vehicle = 'bicycle' | 'motorbike';

export interface TripPrice {
  /** km by road, 2 decimals: the sum of the legs. */
  distanceKm: number;
  /** Minutes from the order until the courier reaches each stop; the pickup first. */
  arrivalMinutes: number[];
  /** MXN attributed to each stop's leg (0 for the pickup); they add up to `price`. */
  legPrices: number[];
  etaMinutes: number;
  isBike: boolean;
  vehicle: Vehicle;
  price: number;
  discount: number;
  extraCharge: number;
  total: number;
  messengerFee: number;
  operatorCost: number;
}

const money = (amount: number) => roundTo(amount, 2);

/**
 * The price model (docs/courier-api.md, "Coverage and price model"), from the zone's tariff.
 * `legsKm` are the road km of each leg after the pickup (already rounded to 2 decimals); `now`
 * decides the night surcharge in `timeZone`.
 */
export function priceTrip(
  legsKm: readonly number[],
  tariff: Tariff,
  { now, timeZone }: { now: Date; timeZone: string },
): TripPrice {
  const cumulativeKm = legsKm.reduce<number[]>(
    (sums, km) => [...sums, roundTo(sums[sums.length - 1]! + km, 2)],
    [0],
  );
  const distanceKm = cumulativeKm[cumulativeKm.length - 1]!;
  // Counted in hundredths of a km and in cents, so that 3.01 − 3 is exactly 0.01 km and
  // 6.13 km × 7.50 is exactly 45.975 before it is rounded to 45.98.
  const extraHundredths = Math.max(0, Math.round((distanceKm - tariff.baseKm) * 100));
  const price = money((tariff.baseFare * 100 + extraHundredths * tariff.perKm) / 100);
  const isBike = distanceKm <= tariff.bikeMaxKm;
  const kmh = isBike ? tariff.bikeKmh : tariff.motorbikeKmh;
  const arrivalMinutes = cumulativeKm.map((km) =>
    Math.round(tariff.pickupWaitMin + (km / kmh) * 60),
  );
  const discount = 0;
  const extraCharge = nightSurchargeAt(tariff, now, timeZone);
  const messengerFee = money(price * tariff.messengerShare);
  return {
    distanceKm,
    arrivalMinutes,
    legPrices: splitByDistance(price, cumulativeKm),
    etaMinutes: arrivalMinutes[arrivalMinutes.length - 1]!,
    isBike,
    vehicle: isBike ? 'bicycle' : 'motorbike',
    price,
    discount,
    extraCharge,
    total: money(price - discount + extraCharge),
    messengerFee,
    operatorCost: money(price - messengerFee),
  };
}

/** The tariff's night surcharge when `now` falls in its local night hours, else 0. */
export function nightSurchargeAt(tariff: Tariff, now: Date, timeZone: string): number {
  const night = tariff.nightSurcharge;
  if (!night) return 0;
  const hour = new TZDate(now.getTime(), timeZone).getHours();
  const atNight =
    night.fromHour < night.toHour
      ? hour >= night.fromHour && hour < night.toHour
      : hour >= night.fromHour || hour < night.toHour;
  return atNight ? money(night.amount) : 0;
}

/**
 * Shares `price` among the stops in proportion to the km leading to each, in whole cents that add
 * up exactly (cumulative rounding); a trip of 0 km puts the whole price on the first drop-off.
 */
function splitByDistance(price: number, cumulativeKm: readonly number[]): number[] {
  const cents = Math.round(price * 100);
  const totalKm = cumulativeKm[cumulativeKm.length - 1]!;
  const centsUpTo = (i: number) =>
    totalKm > 0 ? Math.round((cents * cumulativeKm[i]!) / totalKm) : i > 0 ? cents : 0;
  return cumulativeKm.map((_, i) => (i === 0 ? 0 : (centsUpTo(i) - centsUpTo(i - 1)) / 100));
}
