'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'use-intl';
import { MapPlaceholder } from './map-placeholder';
import type { QuoteMapProps } from './map-props';

function LoadingMap() {
  return <MapPlaceholder label={useTranslations('map')('loading')} />;
}

/** Leaflet needs a browser: it loads after the first paint, in its own chunk. */
const LeafletMap = dynamic(() => import('./leaflet-map').then((module) => module.LeafletMap), {
  ssr: false,
  loading: LoadingMap,
});

export function QuoteMap(props: QuoteMapProps) {
  return <LeafletMap {...props} />;
}
