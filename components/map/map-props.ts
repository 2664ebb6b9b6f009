import type { LatLng, MapView, PointKey } from '@/components/quote/quote-draft';

/** A request to bring points into view (after a search, typed coordinates or a restored draft). */
export interface MapFocus {
  seq: number;
  points: LatLng[];
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
  focus: MapFocus;
  onTap: (at: LatLng) => void;
  onPinMoved: (key: PointKey, at: LatLng) => void;
}
