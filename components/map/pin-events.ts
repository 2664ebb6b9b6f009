import type { DragEndEvent, LatLng as LeafletLatLng, LeafletEventHandlerFnMap } from 'leaflet';
import type { LatLng } from '@/components/quote/trip/draft';

/** A drag that ends closer than this (screen pixels) to where it began is a tap. */
export const TAP_SLOP_PX = 10;

export interface PinCallbacks {
  /** The pin of stop `key` was dragged to `at`. */
  onMoved: (key: string, at: LatLng) => void;
  /** The pin of stop `key` was tapped (or barely dragged): that stop is chosen, nothing moves. */
  onSelected: (key: string) => void;
}

interface DraggedMarker {
  getLatLng(): LeafletLatLng;
  setLatLng(at: LeafletLatLng): void;
}

/**
 * What a stop's pin answers on the map. A tap on a pin chooses that stop and moves nothing:
 * Leaflet hands a click to the map when the marker under it does not listen to clicks, and a tap
 * on the map places the stop chosen for the next tap — so without this, a tap on A's head put B
 * on top of A. A finger's tap often slides a few pixels, which Leaflet takes as a drag: a drag
 * shorter than TAP_SLOP_PX is a tap too, and the pin goes back where it was. The length is the
 * finger's own (Leaflet's `distance`), not the pin's: near the map's edge the map pans under a
 * dragged pin, which carries the pin further than the finger went.
 */
export function pinEvents(
  key: string,
  { onMoved, onSelected }: PinCallbacks,
): LeafletEventHandlerFnMap {
  let start: LeafletLatLng | null = null;
  return {
    click: () => onSelected(key),
    dragstart: (event) => {
      start = (event.target as DraggedMarker).getLatLng();
    },
    dragend: (event) => {
      const marker = event.target as DraggedMarker;
      const end = marker.getLatLng();
      const from = start;
      start = null;
      if (from && (event as DragEndEvent).distance < TAP_SLOP_PX) {
        marker.setLatLng(from);
        onSelected(key);
        return;
      }
      onMoved(key, { lat: end.lat, lng: end.lng });
    },
  };
}
