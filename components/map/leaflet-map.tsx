'use client';

import 'leaflet/dist/leaflet.css';
import {
  latLngBounds,
  point,
  type LatLngExpression,
  type LeafletEventHandlerFnMap,
  type Map as LeafletMapInstance,
  type PathOptions,
} from 'leaflet';
import { startTransition, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  AttributionControl,
  GeoJSON,
  MapContainer,
  Marker,
  Polyline,
  TileLayer,
  ZoomControl,
  useMap,
  useMapEvents,
} from 'react-leaflet';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'use-intl';
import { withNewTabLinks } from './attribution';
import { coverageQuery, type CoverageZone } from './coverage-query';
import type { MapFrame, MapStop, QuoteMapProps } from './map-props';
import { mapViewCookie } from './map-view';
import { legIcon, pinIcon } from './pin-icon';
import styles from './quote-map.module.css';

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
const TRIP_LINE: PathOptions = { color: '#0f172a', weight: 4, dashArray: '10 8', opacity: 0.85 };

export function LeafletMap({ onDrawn, ...props }: QuoteMapProps & { onDrawn: () => void }) {
  const t = useTranslations('map');
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
        // Added with the tiles it credits: a credit line that grew after the first frame would
        // push the controls above it.
        attributionControl={false}
        className={styles.map}
      >
        <NameTheMap label={t('label')} />
        <TapAndViewEvents onTap={props.onTap} onMoveStart={onDrawn} />
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
          <TripLine stops={props.stops} />
          {props.stops.map((stop, index) => (
            <Pin
              key={stop.key}
              stop={stop}
              // Earlier stops on top where pins overlap: A above B above C…
              zIndexOffset={1000 - index * 10}
              outside={props.outside === stop.key}
              onMoved={props.onPinMoved}
            />
          ))}
          <FrameTrip frame={props.frame} />
        </AfterNextFrame>
      </MapContainer>
      <div aria-live="polite" className={styles.mapNoticeSlot}>
        {tiles.failed > 0 && tiles.loaded === 0 && (
          <p className={styles.mapNotice}>{t('tilesFailed')}</p>
        )}
      </div>
    </div>
  );
}

function Pin({
  stop,
  zIndexOffset,
  outside,
  onMoved,
}: {
  stop: MapStop;
  zIndexOffset: number;
  outside: boolean;
  onMoved: QuoteMapProps['onPinMoved'];
}) {
  const { key, letter, role, colour, name } = stop;
  const icon = useMemo(
    () => pinIcon({ letter, role, colour, name }, outside),
    [letter, role, colour, name, outside],
  );
  const handlers = useMemo<LeafletEventHandlerFnMap>(
    () => ({
      dragend: (event) => {
        const position = (
          event.target as { getLatLng(): { lat: number; lng: number } }
        ).getLatLng();
        onMoved(key, { lat: position.lat, lng: position.lng });
      },
    }),
    [onMoved, key],
  );
  return (
    <Marker
      position={stop.at}
      icon={icon}
      draggable
      autoPan
      // Keyboard users move points through the fields and the search: a focusable pin that does
      // nothing on Enter would only be a trap.
      keyboard={false}
      zIndexOffset={zIndexOffset}
      eventHandlers={handlers}
    />
  );
}

/** The stops joined in the order the rider rides them; with several legs, each is numbered. */
function TripLine({ stops }: { stops: MapStop[] }) {
  if (stops.length < 2) return null;
  const positions = stops.map((stop) => stop.at);
  return (
    <>
      <Polyline positions={positions} pathOptions={TRIP_LINE} interactive={false} />
      {stops.length > 2 &&
        stops.slice(1).map((stop, index) => {
          const from = stops[index]!.at;
          return (
            <Marker
              key={`leg-${stop.key}`}
              position={{ lat: (from.lat + stop.at.lat) / 2, lng: (from.lng + stop.at.lng) / 2 }}
              icon={legIcon(index + 1)}
              interactive={false}
              keyboard={false}
            />
          );
        })}
    </>
  );
}

function CoverageZones() {
  const t = useTranslations('map');
  const { data } = useQuery(coverageQuery);
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

function TapAndViewEvents({
  onTap,
  onMoveStart,
}: {
  onTap: QuoteMapProps['onTap'];
  onMoveStart: () => void;
}) {
  useMapEvents({
    click: (event) => onTap({ lat: event.latlng.lat, lng: event.latlng.lng }),
    // A moved map no longer matches the preview underneath.
    movestart: onMoveStart,
    // Remembered in a cookie, so that the server draws the next visit's preview at this view.
    moveend: (event) => {
      const map = event.target as ReturnType<typeof useMap>;
      const center = map.getCenter();
      document.cookie = mapViewCookie({ lat: center.lat, lng: center.lng, zoom: map.getZoom() });
    },
  });
  return null;
}

/**
 * Room kept around the pins when the trip is framed: a pin stands 66 px above its spot with its
 * name tag to its right; the credit line and the zoom buttons take the bottom corners.
 */
const FRAME_PADDING = { paddingTopLeft: point(36, 76), paddingBottomRight: point(112, 56) };

function isWellInside(map: LeafletMapInstance, at: LatLngExpression): boolean {
  const spot = map.latLngToContainerPoint(at);
  const size = map.getSize();
  const { paddingTopLeft: topLeft, paddingBottomRight: bottomRight } = FRAME_PADDING;
  return (
    spot.x >= topLeft.x &&
    spot.y >= topLeft.y &&
    spot.x <= size.x - bottomRight.x &&
    spot.y <= size.y - bottomRight.y
  );
}

/** Frames the trip when asked (see MapFrame), but never while the dispatcher is panning. */
function FrameTrip({ frame }: { frame: MapFrame }) {
  const map = useMap();
  const applied = useRef(0);
  const panning = useRef(false);
  useMapEvents({
    dragstart: () => {
      panning.current = true;
    },
    dragend: () => {
      panning.current = false;
    },
  });
  useEffect(() => {
    if (frame.seq === applied.current) return;
    applied.current = frame.seq;
    const { points } = frame;
    if (points.length === 0 || panning.current) return;
    if (frame.onlyIfOutside && points.every((at) => isWellInside(map, at))) return;
    if (points.length === 1 && frame.onlyIfOutside) {
      map.panInside(points[0]!, FRAME_PADDING);
    } else if (points.length === 1) {
      map.setView(points[0]!, Math.max(map.getZoom(), 15));
    } else {
      map.fitBounds(latLngBounds(points), { ...FRAME_PADDING, maxZoom: 16 });
    }
  }, [frame, map]);
  return null;
}

/**
 * The map's layers join it a frame after the map itself, as a transition: creating the map, its
 * tiles and its zones then takes several short tasks instead of one long one, and a phone's main
 * thread stays free to answer a tap meanwhile (the server's preview is on screen until then).
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
