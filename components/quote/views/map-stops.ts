'use client';

import { useMemo } from 'react';
import { useTranslations } from 'use-intl';
import type { MapStop } from '@/components/map/map-props';
import type { Approximation } from '../trip/approximate-point';
import { pinOf } from '../trip/draft';
import { stopColour } from '../trip/stop-colours';
import type { Stop } from '../trip/trip-stops';

/**
 * The stops that have a pin, as the map draws them: letter, colour, the name on the tag (if any),
 * and whether the pin is only approximate.
 */
export function useMapStops(
  stops: readonly Stop[],
  approximate: Readonly<Record<string, Approximation>> = NONE,
): MapStop[] {
  const t = useTranslations('map');
  // One list while what the map draws stays the same: the map (memo) skips drawing for an
  // answer, and for a keystroke in a field (the stops are new at every change of the trip).
  const drawn = JSON.stringify(stopsOnMap(stops, approximate, t));
  return useMemo(() => JSON.parse(drawn) as MapStop[], [drawn]);
}

function stopsOnMap(
  stops: readonly Stop[],
  approximate: Readonly<Record<string, Approximation>>,
  t: (key: 'pickupPin' | 'dropoffPin' | 'approximatePin') => string,
): MapStop[] {
  return stops.flatMap((stop) => {
    const at = pinOf(stop.point);
    if (!at) return [];
    // With several drop-offs the letters on the pins name them; a tag beside each would cover
    // the next pin (pin-icon.ts).
    const name = stops.length > 2 ? '' : stop.role === 'pickup' ? t('pickupPin') : t('dropoffPin');
    const { key, letter, role, position } = stop;
    const near = approximate[key];
    const drawn: MapStop = { key, letter, role, colour: stopColour(position), name, at };
    if (near) drawn.approximate = { radiusMetres: near.radiusMetres, note: t('approximatePin') };
    return [drawn];
  });
}

const NONE: Readonly<Record<string, Approximation>> = {};
