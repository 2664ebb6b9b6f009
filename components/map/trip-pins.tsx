'use client';

import { useMemo } from 'react';
import { Circle, Marker } from 'react-leaflet';
import type { MapStop } from './map-props';
import { pinEvents, type PinCallbacks } from './pin-events';
import { pinIcon } from './pin-icon';
import { useTagsInside } from './use-tags-inside';

/** Every stop's pin, draggable (a tap chooses its stop); the line through them is TripRouteLayer's. */
export function TripPins({
  stops,
  outside,
  callbacks,
}: {
  stops: MapStop[];
  outside: readonly string[];
  callbacks: PinCallbacks;
}) {
  useTagsInside();
  return (
    <>
      {stops.map((stop, index) => (
        <Pin
          key={stop.key}
          stop={stop}
          // Earlier stops on top where pins overlap: A above B above C…
          zIndexOffset={1000 - index * 10}
          outside={outside.includes(stop.key)}
          callbacks={callbacks}
        />
      ))}
    </>
  );
}

function Pin({
  stop,
  zIndexOffset,
  outside,
  callbacks,
}: {
  stop: MapStop;
  zIndexOffset: number;
  outside: boolean;
  callbacks: PinCallbacks;
}) {
  const { key, letter, role, colour, name, approximate } = stop;
  const note = approximate?.note;
  const icon = useMemo(
    () =>
      pinIcon({ letter, role, colour, name, approximate: note ? { note } : undefined }, outside),
    [letter, role, colour, name, note, outside],
  );
  const handlers = useMemo(() => pinEvents(key, callbacks), [callbacks, key]);
  return (
    <>
      {approximate && (
        // Where the door may be: taps inside it go to the map, which places the pin there.
        <Circle
          center={stop.at}
          radius={approximate.radiusMetres}
          interactive={false}
          pathOptions={{ color: colour, weight: 3, dashArray: '8 8', fillOpacity: 0.06 }}
        />
      )}
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
    </>
  );
}
