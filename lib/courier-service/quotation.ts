// Not server-only: pure courier logic with no secret and no I/O, which bench/zone-growth loads
// through Vite (where 'server-only' throws); test/hardening/server-only-modules.test.ts keeps it
// out of the browser's graph.
import {
  COURIER_CODE,
  type QuotationRequest,
  type QuotationResponse,
  type WireOrderAddress,
} from '../courier-api/wire';
import { MAX_ADDRESSES, MIN_ADDRESSES } from '../courier-api/limits';
import { roadLegsKm, type LngLat } from '../geo/distance';
import { CourierError } from './errors';
import { priceTrip } from './pricing';
import type { ZoneDirectory, ZoneFeature } from './zone-directory';

/** Every quote is for the one package type the service carries: an envelope or small parcel. */
export const PACKAGE_TYPE = {
  idPackageType: 1,
  name: 'sobre',
  description: 'Sobre o paquete pequeño (hasta 5 kg)',
} as const;

/**
 * An order that passed the quotation's rules, ready to be priced: the stops in the order the
 * rider rides them (the pickup first, then the drop-offs as sent) and the zone whose tariff
 * applies.
 */
export interface PlannedOrder {
  orderAddresses: readonly WireOrderAddress[];
  /** Each address's position, in the order sent. */
  positions: LngLat[];
  /** Address indexes in riding order: the pickup first. */
  routeOrder: number[];
  /** The stops' positions in riding order. */
  route: LngLat[];
  zone: ZoneFeature;
}

/**
 * Checks an order and prices it (docs/courier-api.md, "Quotation"), with road distance estimated
 * as great circle × the zone's road factor. The built-in courier with a road router
 * (COURIER_ROUTER_URL) plans, routes and prices in three steps instead (service.ts).
 */
export function quoteOrder(
  request: QuotationRequest,
  zones: ZoneDirectory,
  pricing: { now: Date; timeZone: string },
): QuotationResponse {
  const plan = planOrder(request, zones);
  return priceOrder(plan, roadLegsKm(plan.route, plan.zone.properties.tariff.roadFactor), pricing);
}

/**
 * The quotation's rules: coordinates in range (-100), 2 to 10 addresses (lib/courier-api/
 * limits.ts) with exactly one pickup that is also the source (-111), the pickup in an active zone
 * (-114) and every drop-off in that same zone (-113). The route runs from the pickup through the drop-offs in the order sent.
 */
export function planOrder(request: QuotationRequest, zones: ZoneDirectory): PlannedOrder {
  const orderAddresses = request.data.bOrder.orderAddresses;
  const positions = orderAddresses.map(positionOf);
  const pickupIndex = checkStops(orderAddresses);

  const routeOrder = [
    pickupIndex,
    ...orderAddresses.map((_, i) => i).filter((i) => i !== pickupIndex),
  ];
  const route = routeOrder.map((i) => positions[i]!);
  const zone = zones.activeZoneAt(route[0]!);
  if (!zone) throw new CourierError(COURIER_CODE.pickupOutOfCoverage);
  const outside = route.findIndex((point, stop) => stop > 0 && !zones.covers(zone, point));
  if (outside > 0) {
    const addressIndex = routeOrder[outside]!;
    // The message stays the recorded one; which address is out travels beside it.
    throw new CourierError(COURIER_CODE.dropoffOutOfCoverage, { addressIndex });
  }
  return { orderAddresses, positions, routeOrder, route, zone };
}

/**
 * The answer to a planned order whose legs measure `legsKm` by road (km with 2 decimals, in
 * riding order): each address comes back as sent (extra fields included) with numeric
 * coordinates and the distance, arrival time and price of the leg ending there.
 */
export function priceOrder(
  { orderAddresses, positions, routeOrder, zone }: PlannedOrder,
  legsKm: readonly number[],
  { now, timeZone }: { now: Date; timeZone: string },
): QuotationResponse {
  const { tariff } = zone.properties;
  const trip = priceTrip(legsKm, tariff, {
    now,
    timeZone: zone.properties.timeZone ?? timeZone,
  });
  const stopOf = new Map(routeOrder.map((addressIndex, stop) => [addressIndex, stop]));

  return {
    code: 0,
    data: {
      discount: trip.discount,
      distance: trip.distanceKm,
      extraCharge: trip.extraCharge,
      packageValue: 0,
      price: trip.price,
      eta: trip.etaMinutes,
      // A quote has no messenger yet, so nobody has been rated.
      rating: 0,
      total: trip.total,
      messengerFee: trip.messengerFee,
      expressCost: trip.operatorCost,
      isBike: trip.isBike,
      vehicle: trip.vehicle,
      zone: {
        idZone: zone.properties.idZone,
        name: zone.properties.name,
        description: zone.properties.description,
      },
      packageType: { ...PACKAGE_TYPE },
      orderAddresses: orderAddresses.map((orderAddress, i) => {
        const stop = stopOf.get(i)!;
        const [longitude, latitude] = positions[i]!;
        return {
          ...orderAddress,
          address: { ...orderAddress.address, latitude, longitude },
          distance: stop === 0 ? 0 : legsKm[stop - 1]!,
          eta: trip.arrivalMinutes[stop]!,
          price: trip.legPrices[stop]!,
        };
      }),
    },
  };
}

/** The index of the pickup, once the addresses pass the quotation's rules; -111 otherwise. */
function checkStops(orderAddresses: readonly WireOrderAddress[]): number {
  const pickups = orderAddresses.flatMap((a, i) => (a.isPickup === 1 ? [i] : []));
  const sources = orderAddresses.flatMap((a, i) => (a.isSource === 1 ? [i] : []));
  const count = orderAddresses.length;
  if (count < MIN_ADDRESSES || count > MAX_ADDRESSES) {
    throw new CourierError(COURIER_CODE.wrongAddresses, {
      detail: `se recibieron ${count} direcciones`,
    });
  }
  if (pickups.length !== 1 || sources.length !== 1 || pickups[0] !== sources[0]) {
    throw new CourierError(COURIER_CODE.wrongAddresses, {
      detail: 'debe haber exactamente una dirección con isPickup 1 e isSource 1',
    });
  }
  return pickups[0]!;
}

function positionOf(orderAddress: WireOrderAddress, index: number): LngLat {
  const field = (name: string) => `data.bOrder.orderAddresses.${index}.address.${name}`;
  const latitude = Number(orderAddress.address.latitude);
  const longitude = Number(orderAddress.address.longitude);
  if (!Number.isFinite(latitude) || latitude < -90 || latitude > 90) {
    throw new CourierError(COURIER_CODE.malformed, {
      detail: `${field('latitude')} fuera de rango`,
    });
  }
  if (!Number.isFinite(longitude) || longitude < -180 || longitude > 180) {
    throw new CourierError(COURIER_CODE.malformed, {
      detail: `${field('longitude')} fuera de rango`,
    });
  }
  return [longitude, latitude];
}
