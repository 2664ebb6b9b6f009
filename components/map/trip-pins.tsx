'use client';

import { useMemo } from 'react';
import { Marker } from 'react-leaflet';
import type { MapStop, QuoteMapProps } from './map-props';
import { pinEvents } from './pin-events';
import { pinIcon } from './pin-icon';

/** Every stop's pin, draggable; the line through them is TripRouteLayer's. */
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
  const handlers = useMemo(() => pinEvents(key, onMoved), [onMoved, key]);
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
