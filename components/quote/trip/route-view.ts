import type { RouteFallback, TripRoute } from '@/lib/api/road-route';

/** What the map draws between the pins, as the result reads it beside the courier's km. */
export type RouteView =
  /** A road route for exactly these stops. */
  | { kind: 'road'; route: TripRoute }
  /** Straight segments: no router (`none`), not yet known (`loading`), or why the router gave none. */
  | { kind: 'straight'; reason: 'none' | 'loading' | RouteFallback };
