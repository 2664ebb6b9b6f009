import { callApi } from '@/components/ui/api-client';
import type { Coverage } from '@/lib/api/coverage';
import type { Locale } from '@/lib/i18n/config';

/** The built-in courier's zones: drawn on the map, and named when a point is out of coverage. */
export const coverageQuery = {
  queryKey: ['coverage'],
  queryFn: () => callApi('coverage'),
  staleTime: Infinity,
  retry: 1,
} as const;

/** The served areas as a dispatcher names them, in their language ("Guadalajara (área metropolitana)"). */
export function servedAreas(coverage: Coverage | undefined, locale: Locale): string[] {
  return (coverage?.features ?? [])
    .filter((zone) => zone.properties.active)
    .map((zone) => zone.properties.areaName?.[locale] ?? zone.properties.name.toUpperCase());
}
