'use client';

import 'leaflet/dist/leaflet.css';
import type { LeafletEventHandlerFnMap } from 'leaflet';
import { startTransition, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  AttributionControl,
  MapContainer,
  TileLayer,
  ZoomControl,
  useMap,
  useMapEvents,
} from 'react-leaflet';
import { useTranslations } from 'use-intl';
import { prefersReducedMotion } from '@/components/ui/motion';
import { withNewTabLinks } from './attribution';
import { CoverageZones } from './coverage-zones';
import { FrameTrip } from './frame-trip';
import type { QuoteMapProps } from './map-props';
import { mapViewCookie, rememberMapView, remembersMapView } from './map-view';
import { TripPins } from './trip-pins';
import { TripRouteLayer } from './trip-route-layer';
import type { RouteView } from '@/components/quote/trip/route-view';
import { useTripRoute } from './use-trip-route';
import styles from './quote-map.module.css';

export function LeafletMap({
  onDrawn,
  onRouteChange,
  ...props
}: QuoteMapProps & { onDrawn: () => void }) {
  const t = useTranslations('map');
  // Read once, as the map is made: Leaflet takes these options only then.
  const [calm] = useState(prefersReducedMotion);
  const [tiles, setTiles] = useState({ loaded: 0, failed: 0 });
  const attribution = useMemo(
    () => withNewTabLinks(props.tileAttribution),
    [props.tileAttribution],
  );

  const tileEvents = useMemo<LeafletEventHandlerFnMap>(
    () => ({
      tileload: () => setTiles((count) => (count.loaded ? count : { ...count, loaded: 1 })),
      tileerror: () => setTiles((count) => (count.failed ? count : { ...count, failed: 1 })),
      // Every tile of the view has loaded (or failed): the preview underneath can go.
      load: onDrawn,
    }),
    [onDrawn],
  );
  const { onPinMoved, onPinSelected } = props;
  const pinCallbacks = useMemo(
    () => ({ onMoved: onPinMoved, onSelected: onPinSelected }),
    [onPinMoved, onPinSelected],
  );
  const route = useTripRoute(
    props.stops.map((stop) => stop.at),
    props.roadRoutes,
  );
  useEffect(() => onRouteChange(route), [onRouteChange, route]);

  return (
    <div className={styles.frame}>
      <MapContainer
        // The server drew this view's preview: Leaflet opens on exactly the same one (MapContainer
        // reads these once, when the map is created).
        center={[props.initialView.lat, props.initialView.lng]}
        zoom={props.initialView.zoom}
        minZoom={4}
        maxZoom={19}
        zoomControl={false}
        // On a device that asks for less motion, zooms, tiles and pins change at once, and a
        // flicked map stops where the finger left it.
        zoomAnimation={!calm}
        fadeAnimation={!calm}
        markerZoomAnimation={!calm}
        inertia={!calm}
        // Added with the tiles it credits: a credit line that grew after the first frame would
        // push the controls above it.
        attributionControl={false}
        className={styles.map}
      >
        <NameTheMap label={t('label')} />
        <TapAndViewEvents onTap={props.onTap} onMoveStart={onDrawn} />
        {/* With the map, not in the transition below: a tap heard before that transition has
            committed (a slow tablet's first tap, as soon as the map is there) draws its pin in
            the tap's own render. Behind the transition, which a tap interrupts and which then
            waits for whatever else the main thread has queued, the pin came seconds late. */}
        <TripPins stops={props.stops} outside={props.outside} callbacks={pinCallbacks} />
        <AfterNextFrame>
          {/* Bottom left, away from the zoom buttons; only its links take taps (CSS), so a tap
              on the credit line's text still places a pin. */}
          <AttributionControl position="bottomleft" prefix={false} />
          <TileLayer
            url={props.tileUrl}
            attribution={attribution}
            maxZoom={19}
            eventHandlers={tileEvents}
          />
          <ZoomControl
            position="bottomright"
            zoomInTitle={t('zoomIn')}
            zoomOutTitle={t('zoomOut')}
          />
          {props.showCoverage && <CoverageZones />}
          <TripRouteLayer stops={props.stops} view={route} />
          <FrameTrip frame={props.frame} />
        </AfterNextFrame>
      </MapContainer>
      <div aria-live="polite" className={styles.mapNoticeSlot}>
        {tiles.failed > 0 && tiles.loaded === 0 && (
          <p className={styles.mapNotice}>{t('tilesFailed')}</p>
        )}
        {props.stops.length >= 2 && <RouteFallbackNotice view={route} />}
      </div>
      {props.stops.length >= 2 && <StraightLineLabel view={route} />}
    </div>
  );
}

/**
 * With no router, a quiet one-line label in the map's bottom corner, above the credit line: the
 * line joining the stops is not the road. Kept out of the top, where the pins usually are.
 */
function StraightLineLabel({ view }: { view: RouteView }) {
  const t = useTranslations('map');
  if (view.kind !== 'straight' || view.reason !== 'none') return null;
  return (
    <p className={styles.mapLabel} data-testid="route-label">
      {t('straightLines')}
    </p>
  );
}

/** When the router gave no route: a notice saying that the lines are straight instead. */
function RouteFallbackNotice({ view }: { view: RouteView }) {
  const t = useTranslations('map');
  if (view.kind !== 'straight' || view.reason === 'loading' || view.reason === 'none') return null;
  return (
    <p className={styles.mapNotice} data-testid="route-label">
      {view.reason === 'no_route' ? t('noRoadRoute') : t('roadRouteFailed')}
    </p>
  );
}

function TapAndViewEvents({
  onTap,
  onMoveStart,
}: {
  onTap: QuoteMapProps['onTap'];
  onMoveStart: () => void;
}) {
  // A map that mounts belongs to a signed-in dispatcher: it saves its view again after a "Salir".
  useEffect(() => rememberMapView(true), []);
  useMapEvents({
    click: (event) => onTap({ lat: event.latlng.lat, lng: event.latlng.lng }),
    // A moved map no longer matches the preview underneath.
    movestart: onMoveStart,
    // Remembered in a cookie, so that the server draws the next visit's preview at this view.
    moveend: (event) => {
      if (!remembersMapView()) return;
      const map = event.target as ReturnType<typeof useMap>;
      const center = map.getCenter();
      document.cookie = mapViewCookie({ lat: center.lat, lng: center.lng, zoom: map.getZoom() });
    },
  });
  return null;
}

/**
 * The map's layers but the pins join it a frame after the map itself, as a transition: creating
 * the map, its tiles and its zones then takes several short tasks instead of one long one, and a
 * phone's main thread stays free to answer a tap meanwhile (the server's preview is on screen
 * until then).
 */
function AfterNextFrame({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => startTransition(() => setReady(true)));
    return () => cancelAnimationFrame(frame);
  }, []);
  return ready ? children : null;
}

/** Leaflet's container is focusable (arrow keys pan it): it gets a name and a landmark role. */
function NameTheMap({ label }: { label: string }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', label);
  }, [map, label]);
  return null;
}
