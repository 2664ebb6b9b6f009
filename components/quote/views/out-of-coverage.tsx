'use client';

import { useFormatter, useLocale, useTranslations } from 'use-intl';
import { servedAreas } from '@/components/map/coverage-query';
import { useCoverage } from '@/components/map/use-coverage';
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
