'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useFormatter, useLocale, useTranslations } from 'use-intl';
import { coverageQuery, servedAreas } from '@/components/map/coverage-query';
import type { Coverage } from '@/lib/api/coverage';
import { toLocale } from '@/lib/i18n/config';

/** Which stop is out, which areas are served, and what the dispatcher can do about it. */
export function OutOfCoverage({
  problem,
  stopLetter,
  coverageKnown,
}: {
  problem: 'pickup_out_of_coverage' | 'dropoff_out_of_coverage';
  /** The drop-off the courier named, when it did. */
  stopLetter?: string;
  coverageKnown: boolean;
}) {
  const t = useTranslations('quote');
  const format = useFormatter();
  const areas = servedAreas(useCoverage(coverageKnown), toLocale(useLocale()));
  const which =
    problem === 'dropoff_out_of_coverage' && stopLetter
      ? t('errors.dropoffOutNamed', { letter: stopLetter })
      : t(`errors.${problem}`);
  return (
    <>
      {which}{' '}
      {areas.length > 0 &&
        `${t('errors.servedAreas', { areas: format.list(areas, { type: 'conjunction' }) })} `}
      {t(problem === 'pickup_out_of_coverage' ? 'errors.pickupWhatToDo' : 'errors.dropoffWhatToDo')}
    </>
  );
}

/**
 * The zones the map drew (already in the query cache, or fetched once more). Read from the cache
 * rather than through useQuery, whose observer code would otherwise join the screen's first load
 * for a message that shows only after a refused quote.
 */
function useCoverage(known: boolean): Coverage | undefined {
  const client = useQueryClient();
  const [coverage, setCoverage] = useState(() =>
    client.getQueryData<Coverage>(coverageQuery.queryKey),
  );
  useEffect(() => {
    if (!known || coverage) return;
    client
      .fetchQuery(coverageQuery)
      .then(setCoverage)
      .catch(() => {
        // Without the zones the message names no areas; it still says what to check.
      });
  }, [client, coverage, known]);
  return coverage;
}
