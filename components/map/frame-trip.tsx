'use client';

import {
  latLngBounds,
  point,
  type LatLngExpression,
  type Map as LeafletMapInstance,
} from 'leaflet';
import { useEffect, useRef } from 'react';
import { useMap, useMapEvents } from 'react-leaflet';
import { prefersReducedMotion } from '@/components/ui/motion';
import type { MapFrame } from './map-props';

/**
 * Room kept around the pins when the trip is framed: a pin stands 66 px above its spot with its
 * name tag to its right; the credit line and the zoom buttons take the bottom corners, and above
 * the credit line "Líneas rectas…" (leaflet-map.tsx) reaches 56 px up. An approximate pin's tag is
 * three lines deep and ends ~7 px below its spot: 72 px keeps it above the label (with 56, on a
 * phone, B's tag ran 5 px under it).
 */
const FRAME_PADDING = { paddingTopLeft: point(36, 76), paddingBottomRight: point(112, 72) };

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
export function FrameTrip({ frame }: { frame: MapFrame }) {
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
    // The map glides to the trip, or jumps there on a device that asks for less motion.
    const animate = !prefersReducedMotion();
    if (points.length === 1 && frame.onlyIfOutside) {
      map.panInside(points[0]!, { ...FRAME_PADDING, animate });
    } else if (points.length === 1) {
      map.setView(points[0]!, Math.max(map.getZoom(), 15), { animate });
    } else {
      map.fitBounds(latLngBounds(points), { ...FRAME_PADDING, maxZoom: 16, animate });
    }
  }, [frame, map]);
  return null;
}
