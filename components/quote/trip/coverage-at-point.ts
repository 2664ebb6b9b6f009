import type { Coverage } from '@/lib/api/coverage';
import { createPolygonIndex } from '@/lib/geo/polygon-index';
import { pinOf, type LatLng, type QuoteDraftValues } from './draft';
import { tripStops } from './trip-stops';

/**
 * Which stops the courier would refuse for where their pins are, known on the screen from the
 * zones the map draws (GET /api/coverage), before any "Cotizar". The rule is the built-in
 * courier's (lib/courier-service/quotation.ts): the pickup lies in an active zone, and every
 * drop-off in that same zone. Without the pickup's zone a drop-off is judged against every active
 * zone. No zones known (a courier that publishes none): nothing is marked, the courier judges.
 */

export type OutsideProblem = 'pickup_out_of_coverage' | 'dropoff_out_of_coverage';

export interface StopOutside {
  key: string;
  letter: string;
  problem: OutsideProblem;
}

export type CoverageCheck = (values: QuoteDraftValues) => StopOutside[];

/** A check over `coverage`'s zones, indexed once (the screen runs it at every change). */
export function coverageCheck(coverage: Coverage | undefined): CoverageCheck {
  const active = (coverage?.features ?? []).filter((zone) => zone.properties.active);
  if (!coverage || coverage.features.length === 0) return () => [];
  const index = createPolygonIndex(active);
  const zonesAt = (at: LatLng) => index.containing([at.lng, at.lat]);
  return (values) => {
    const [pickup, ...dropoffs] = tripStops(values);
    const outside: StopOutside[] = [];
    const pickupAt = pinOf(pickup!.point);
    const zone = pickupAt ? zonesAt(pickupAt)[0] : undefined;
    if (pickupAt && !zone) {
      outside.push({ key: pickup!.key, letter: pickup!.letter, problem: 'pickup_out_of_coverage' });
    }
    for (const stop of dropoffs) {
      const at = pinOf(stop.point);
      if (!at) continue;
      const zones = zonesAt(at);
      const served = zone ? zones.includes(zone) : zones.length > 0;
      if (!served)
        outside.push({ key: stop.key, letter: stop.letter, problem: 'dropoff_out_of_coverage' });
    }
    return outside;
  };
}
