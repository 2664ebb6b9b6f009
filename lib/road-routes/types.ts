import type { RouterProvider } from './errors';

export interface RoutePoint {
  lat: number;
  lng: number;
}

/** A leg along the roads between two consecutive stops. */
export interface RoadLeg {
  distanceKm: number;
  durationMinutes: number;
  /** Encoded polyline of precision 6 ([lat, lng] pairs); absent when no geometry was asked for. */
  shape?: string;
}

export interface RoadRoute {
  provider: RouterProvider;
  legs: RoadLeg[];
}

export interface RouteOptions {
  /** Ask for the path of each leg (the map needs it; a price needs only the distances). */
  geometry: boolean;
  /** Who rides it, for routers that route each vehicle its own way (Valhalla's costing). */
  vehicle?: Vehicle;
}

/** The courier's two vehicles (docs/courier-api.md: a bicycle up to 4 km, else a motorbike). */
export type Vehicle = 'bicycle' | 'motorbike';

/** Where a road router answers, and how long it may take (connection, headers and body alike). */
export interface RouterOptions {
  baseUrl: string;
  timeoutMs: number;
}

/** A road router: the route through `points` in the order given, one leg per consecutive pair. */
export interface Router {
  readonly provider: RouterProvider;
  route(points: readonly RoutePoint[], options: RouteOptions): Promise<RoadRoute>;
}
