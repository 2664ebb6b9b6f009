import type { NotCoveredPlace } from '@/lib/api/geocode';
import type { Coverage } from '@/lib/api/coverage';
import { LOCALES } from '@/lib/i18n/config';
import { createPolygonIndex } from '@/lib/geo/polygon-index';
import { CITIES, placesIn, type City, type NamedPlace, type PlaceEntry } from './place-words';

/**
 * Whether the courier serves a place the dispatcher named, from the zones it publishes (GET
 * /api/coverage's answer, lib/quoting/coverage-for-map.ts): a city is served when its centre lies
 * in an active zone or an active zone's description names it ("GUADALAJARA|ZAPOPAN|…"); a state
 * when an active zone names it or one of its cities ("CDMX|MÉX.|MOR.|HGO."), or holds one of its
 * cities' centres. Unknown coverage (a courier that publishes none) serves everything.
 */
export function notCoveredPlace(place: NamedPlace, coverage: Coverage): NotCoveredPlace | null {
  const active = coverage.features.filter((zone) => zone.properties.active);
  if (coverage.features.length === 0) return null;
  const index = createPolygonIndex(active);
  const named = placesIn(
    active.flatMap((zone) =>
      zone.properties.description.split('|').map((item) => item.split(/\s+/)),
    ),
  );
  const names = (entry: PlaceEntry) =>
    named.some((found) =>
      found.kind === 'city'
        ? entry.kind === 'city'
          ? found.city === entry.city
          : found.city.region === entry.region.id
        : entry.kind === 'region' && found.region === entry.region,
    );
  const holds = (city: City) => index.containing([city.centre.lng, city.centre.lat]).length > 0;
  const served = place.city
    ? holds(place.city) || names({ kind: 'city', city: place.city })
    : names({ kind: 'region', region: place.region }) ||
      CITIES.some((city) => city.region === place.region.id && holds(city));
  if (served) return null;
  return {
    place: place.label,
    served: Object.fromEntries(
      LOCALES.map((locale) => [
        locale,
        active.map(
          (zone) => zone.properties.areaName?.[locale] ?? zone.properties.name.toUpperCase(),
        ),
      ]),
    ) as NotCoveredPlace['served'],
  };
}
