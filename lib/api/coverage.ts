// Not server-only: the screen draws these zones; outlines and names only, nothing of a tariff.
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import type { Locale } from '@/lib/i18n/config';

/** A coverage zone as GET /api/coverage describes it: served or not, and what it is called. */
export interface CoverageZone {
  id: number;
  name: string;
  description: string;
  /** The served area as a dispatcher names it ("Guadalajara (área metropolitana)"). */
  areaName?: Record<Locale, string>;
  active: boolean;
}

/**
 * GET /api/coverage → 200: the zones to draw on the map, outlines to about 10 m. Empty when the
 * courier does not publish its coverage (any courier but the built-in one).
 */
export type Coverage = FeatureCollection<Polygon | MultiPolygon, CoverageZone>;
