import type { LeafletEventHandlerFnMap } from 'leaflet';
import type { LatLng } from '@/components/quote/trip/draft';

/**
 * What a stop's pin answers on the map: the end of a drag moves that stop. A tap on a pin is the
 * pin's own, and moves nothing: Leaflet hands a click to the map when the marker under it does not
 * listen to clicks, and a tap on the map places the stop chosen for the next tap — so without
 * this, a tap on A's head put B (the next tap's stop) on top of A.
 */
export function pinEvents(
  key: string,
  onMoved: (key: string, at: LatLng) => void,
): LeafletEventHandlerFnMap {
  return {
    click: () => {},
    dragend: (event) => {
      const position = (event.target as { getLatLng(): LatLng }).getLatLng();
      onMoved(key, { lat: position.lat, lng: position.lng });
    },
  };
}
