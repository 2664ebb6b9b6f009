'use client';

import { useEffect, useMemo, useState } from 'react';
import { useFormatter, useLocale, useTranslations } from 'use-intl';
import { servedAreas } from '@/components/map/coverage-query';
import { useCoverage } from '@/components/map/use-coverage';
import { useAfterStart } from '@/components/ui/after-start';
import { toLocale } from '@/lib/i18n/config';
import type { CoverageCheck, StopOutside } from '../trip/coverage-at-point';
import { pinOf, pointsOf, type QuoteDraftValues } from '../trip/draft';

/** At most this long after the page's load event, the zones are fetched even with no pin. */
const STARTED_WITHIN_MS = 1_500;

/** Before the zones and the check's code are in: nothing marked, the courier judges. */
const NO_CHECK: CoverageCheck = () => [];

/**
 * The stops out of coverage as the screen knows them from the zones the map draws: marked as soon
 * as a pin lands (a tap, a drag, typed coordinates, a picked result). The first is the refusal
 * the courier would answer: the result card words it at once, and "Cotizar" sends nothing. The
 * zones, and the check's code (a point-in-polygon index) with them, are fetched once the screen
 * has started or when the first pin lands, whichever comes first.
 */
export function useCoverageAtPoint(values: QuoteDraftValues, known: boolean) {
  const started = useAfterStart(STARTED_WITHIN_MS);
  const coverage = useCoverage(
    known,
    started || pointsOf(values).some((point) => pinOf(point) !== null),
  );
  const [check, setCheck] = useState<CoverageCheck>(() => NO_CHECK);
  useEffect(() => {
    if (!coverage) return;
    let current = true;
    void import('../trip/coverage-at-point').then(({ coverageCheck }) => {
      if (current) setCheck(() => coverageCheck(coverage));
    });
    return () => {
      current = false;
    };
  }, [coverage]);
  const outside = useMemo(() => check(values), [check, values]);
  return {
    outside,
    /** What the courier would refuse this trip for (the first stop out, in trip order), if any. */
    refusalOf: (trip: QuoteDraftValues): StopOutside | null => check(trip)[0] ?? null,
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
