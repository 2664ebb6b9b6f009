import type { MapView } from '@/components/map/map-view';

/** What the page (app/(app)/page.tsx) hands the quote screen: who is signed in, and the server's settings. */
export interface ScreenUser {
  email: string;
  name: string;
  zone?: string;
}

export interface ScreenConfig {
  tileUrl: string;
  tileAttribution: string;
  builtinCourier: boolean;
  /** A road router is configured (ROUTER is not none): the map draws routes along the roads. */
  roadRoutes: boolean;
  /** Where the map opens (see app/(app)/page.tsx). */
  mapView: MapView;
}
