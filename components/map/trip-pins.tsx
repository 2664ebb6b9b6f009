'use client';

import type { LeafletEventHandlerFnMap, PathOptions } from 'leaflet';
import { useMemo } from 'react';
import { Marker, Polyline } from 'react-leaflet';
import type { MapStop, QuoteMapProps } from './map-props';
import { legIcon, pinIcon } from './pin-icon';

const TRIP_LINE: PathOptions = { color: '#0f172a', weight: 4, dashArray: '10 8', opacity: 0.85 };

/** Every stop's pin, draggable, and the line through them in the order the rider rides them. */
export function TripPins({
  stops,
  outside,
  onMoved,
}: {
  stops: MapStop[];
  outside: string | null;
  onMoved: QuoteMapProps['onPinMoved'];
}) {
  return (
    <>
      <TripLine stops={stops} />
      {stops.map((stop, index) => (
        <Pin
          key={stop.key}
          stop={stop}
          // Earlier stops on top where pins overlap: A above B above C…
          zIndexOffset={1000 - index * 10}
          outside={outside === stop.key}
          onMoved={onMoved}
        />
      ))}
    </>
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
