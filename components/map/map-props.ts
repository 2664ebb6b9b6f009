import type { LatLng } from '@/components/quote/trip/draft';
import type { MapView } from './map-view';
import type { RouteView } from '@/components/quote/trip/route-view';

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
  /** A road router is configured (ROUTER): draw the route along the roads, else straight lines. */
  roadRoutes: boolean;
  /** Where the map opens: the view the dispatcher left it at, else their zone's. */
  initialView: MapView;
  /** The stops that have a pin, in trip order. */
  stops: MapStop[];
  /** The stops (keys) outside coverage, drawn in alarm: known from the zones, or from a refusal. */
  outside: readonly string[];
  frame: MapFrame;
  onTap: (at: LatLng) => void;
  onPinMoved: (key: string, at: LatLng) => void;
  /** A pin was tapped (or dragged less than a tap's slop): its stop is chosen, nothing moves. */
  onPinSelected: (key: string) => void;
  /** What the map draws between the pins, each time it changes (the result compares its km). */
  onRouteChange: (view: RouteView) => void;
}

/** A stop as the map draws it: its pin, letter, colour and the name on its tag. */
export interface MapStop {
  key: string;
  letter: string;
  role: 'pickup' | 'dropoff';
  colour: string;
  /** The pin's tag: "Recolección", "Entrega"; empty with several drop-offs (the letters say it). */
  name: string;
  at: LatLng;
  /** Set while the pin sits at the centre of a searched area: how far the door may be, and the words saying so. */
  approximate?: { radiusMetres: number; note: string };
}
