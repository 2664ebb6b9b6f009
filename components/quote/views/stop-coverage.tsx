'use client';

import { useMemo, useState } from 'react';
import { useFormatter, useLocale, useTranslations } from 'use-intl';
import { servedAreas } from '@/components/map/coverage-query';
import { useCoverage } from '@/components/map/use-coverage';
import { toLocale } from '@/lib/i18n/config';
import { coverageCheck, type StopOutside } from '../trip/coverage-at-point';
import { draftKey, type QuoteDraftValues } from '../trip/draft';

/**
 * The stops out of coverage as the screen knows them from the zones the map draws: marked as soon
 * as a pin lands (a tap, a drag, typed coordinates, a picked result), and "Cotizar" held with
 * the courier's refusal worded instead of a request the courier would refuse.
 */
export function useCoverageAtPoint(values: QuoteDraftValues, known: boolean) {
  const coverage = useCoverage(known);
  const check = useMemo(() => coverageCheck(coverage), [coverage]);
  const outside = useMemo(() => check(values), [check, values]);
  const [held, setHeld] = useState<{ key: string; stop: StopOutside } | null>(null);
  return {
    outside,
    /** True, and the refusal kept for the trip as it is, when the courier would refuse it. */
    holdIfRefused(trip: QuoteDraftValues): boolean {
      const [first] = check(trip);
      setHeld(first ? { key: draftKey(trip), stop: first } : null);
      return first !== undefined;
    },
    /** The refusal "Cotizar" was held with, while the trip is still the one it was held for. */
    heldFor: (currentKey: string) => (held?.key === currentKey ? held.stop : null),
  };
}

/** On an out-of-coverage stop's fields: that it is out, and which areas are served. */
export function StopOutsideNote({ role }: { role: 'pickup' | 'dropoff' }) {
  const t = useTranslations('point');
  const format = useFormatter();
  const areas = servedAreas(useCoverage(true), toLocale(useLocale()));
  const out = role === 'pickup' ? t('outOfCoverage') : t('outsidePickupZone');
  return areas.length > 0
    ? t('outsideServing', { out, areas: format.list(areas, { type: 'conjunction' }) })
    : out;
}
