'use client';

import type { PathOptions } from 'leaflet';
import { GeoJSON } from 'react-leaflet';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'use-intl';
import type { CoverageZone } from '@/lib/api/coverage';
import { coverageQuery } from './coverage-query';

const ACTIVE_ZONE: PathOptions = {
  color: '#0b3d91',
  weight: 3,
  fillColor: '#0b57d0',
  fillOpacity: 0.07,
};
const INACTIVE_ZONE: PathOptions = {
  color: '#475569',
  weight: 2,
  dashArray: '6 6',
  fillColor: '#64748b',
  fillOpacity: 0.12,
};

/**
 * The built-in courier's zones: served ones shaded, the others dashed; each named on hover. Drawn
 * once the screen has them (components/map/use-coverage.ts fetches them after the start or at the
 * first pin): the map's own start asks for nothing.
 */
export function CoverageZones() {
  const t = useTranslations('map');
  const { data } = useQuery({ ...coverageQuery, enabled: false });
  if (!data || data.features.length === 0) return null;
  return (
    <GeoJSON
      data={data}
      interactive={false}
      style={(feature) =>
        (feature?.properties as CoverageZone | undefined)?.active ? ACTIVE_ZONE : INACTIVE_ZONE
      }
      onEachFeature={(feature, layer) => {
        const properties = feature.properties as CoverageZone;
        layer.bindTooltip(t('zone', { name: properties.name.toUpperCase() }));
      }}
    />
  );
}
