'use client';

import dynamic from 'next/dynamic';
import { useCallback, useState } from 'react';
import { useTranslations } from 'use-intl';
import { loadLeafletMap } from './load-leaflet-map';
import { MapPlaceholder } from './map-placeholder';
import type { QuoteMapProps } from './map-props';
import { TilePreview } from './tile-preview';

function LoadingMap() {
  return <MapPlaceholder label={useTranslations('map')('loading')} />;
}

/** Leaflet needs a browser: it loads after the first paint, in its own chunk. */
const LeafletMap = dynamic(() => loadLeafletMap().then((module) => module.LeafletMap), {
  ssr: false,
  loading: LoadingMap,
});

/**
 * The map: first the server-rendered tiles of the opening view, then Leaflet on top of them. The
 * preview goes once Leaflet has drawn its own tiles (or the dispatcher has moved the map).
 */
export function QuoteMap(props: QuoteMapProps) {
  const [leafletDrawn, setLeafletDrawn] = useState(false);
  const onDrawn = useCallback(() => setLeafletDrawn(true), []);
  return (
    <>
      {!leafletDrawn && <TilePreview tileUrl={props.tileUrl} view={props.initialView} />}
      <LeafletMap {...props} onDrawn={onDrawn} />
    </>
  );
}
