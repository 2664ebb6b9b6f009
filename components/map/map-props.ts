import type { LatLng, MapView, PointKey } from '@/components/quote/quote-draft';

/**
 * A request to frame the trip: every pin in view with room around it (after a quote, a swap, a
 * search, typed coordinates, a restored draft), or, with `onlyIfOutside`, only when a pin the
 * dispatcher put down sits at the edge or beyond it. A new `seq` is a new request.
 */
export interface MapFrame {
  seq: number;
  points: LatLng[];
  onlyIfOutside: boolean;
}

export interface QuoteMapProps {
  tileUrl: string;
  /** Trusted HTML from the server's configuration (a link to the tiles' licence). */
  tileAttribution: string;
  /** Draw the coverage zones (only the built-in courier publishes them). */
  showCoverage: boolean;
  /** Where the map opens: the view the dispatcher left it at, else their zone's. */
  initialView: MapView;
  pickup: LatLng | null;
  dropoff: LatLng | null;
  /** The point a quote found outside coverage, drawn in alarm. */
  outside: PointKey | null;
  frame: MapFrame;
  onTap: (at: LatLng) => void;
  onPinMoved: (key: PointKey, at: LatLng) => void;
}
