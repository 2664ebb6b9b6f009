import type { MapView } from '@/components/map/map-view';
import { TILE_SIZE, worldPixel, type PreviewArea } from '@/components/map/tile-preview-grid';

/**
 * The small map of the customer's page, drawn on the server: the view that frames every stop, and
 * where each pin falls on it. Web Mercator as the quote screen's preview (tile-preview-grid.ts).
 */

/** 360 × 220 CSS pixels: the narrowest phone's width; the tiles for it and no more. */
export const STOPS_MAP_AREA: PreviewArea = {
  width: 360,
  height: 220,
  centralWidth: 360,
  centralHeight: 220,
};

/** Room kept around the stops for the pins' heads (they stand above their spot). */
const MARGIN = { x: 28, top: 52, bottom: 16 };
const MAX_ZOOM = 16;
const MIN_ZOOM = 3;

export interface PlacedPin {
  letter: string;
  /** From the map's centre, CSS pixels. */
  left: number;
  top: number;
}

export interface StopsMap {
  view: MapView;
  pins: PlacedPin[];
}

interface Spot {
  letter: string;
  lat: number;
  lng: number;
}

/** The closest zoom (up to street level) at which all the stops fit the area, and their pins. */
export function stopsMap(stops: readonly Spot[], area: PreviewArea = STOPS_MAP_AREA): StopsMap {
  const fits = (zoom: number) => {
    const points = stops.map((stop) => worldPixel({ ...stop, zoom }));
    const xs = points.map((point) => point.x);
    const ys = points.map((point) => point.y);
    return (
      Math.max(...xs) - Math.min(...xs) <= area.width - 2 * MARGIN.x &&
      Math.max(...ys) - Math.min(...ys) <= area.height - MARGIN.top - MARGIN.bottom
    );
  };
  let zoom = MAX_ZOOM;
  while (zoom > MIN_ZOOM && !fits(zoom)) zoom -= 1;

  const points = stops.map((stop) => worldPixel({ ...stop, zoom }));
  const xs = points.map((point) => point.x);
  const ys = points.map((point) => point.y);
  // The middle of the stops, nudged down so the pins' heads above them stay inside the map.
  const centre = {
    x: (Math.min(...xs) + Math.max(...xs)) / 2,
    y: (Math.min(...ys) + Math.max(...ys)) / 2 - (MARGIN.top - MARGIN.bottom) / 2,
  };
  return {
    view: { ...latLngOf(centre, zoom), zoom },
    pins: stops.map((stop, index) => ({
      letter: stop.letter,
      left: Math.round(points[index]!.x - centre.x),
      top: Math.round(points[index]!.y - centre.y),
    })),
  };
}

/** World pixels at `zoom` back to degrees (the inverse of worldPixel). */
function latLngOf({ x, y }: { x: number; y: number }, zoom: number): { lat: number; lng: number } {
  const size = TILE_SIZE * 2 ** zoom;
  const lng = (x / size) * 360 - 180;
  const n = Math.PI - (2 * Math.PI * y) / size;
  const lat = (180 / Math.PI) * Math.atan(Math.sinh(n));
  return { lat, lng };
}
