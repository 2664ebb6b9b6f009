import type { RouteFallback } from '@/lib/api/road-route';

export type RouterProvider = 'osrm' | 'valhalla';

/**
 * Why a road router gave no route. `timeout`: no answer within the configured time; `busy`: HTTP
 * 429; `unreachable`: no connection; `http`: another error status without a body it documents;
 * `no_route`: it answered, and found no way along the roads (or no road near a stop);
 * `rejected`: it refused the request as malformed (a fault of ours, logged as such);
 * `invalid_response`: a body that is not what the router sends.
 */
export type RouterFailure =
  'timeout' | 'busy' | 'unreachable' | 'http' | 'no_route' | 'rejected' | 'invalid_response';

export class RouterError extends Error {
  constructor(
    readonly provider: RouterProvider,
    readonly failure: RouterFailure,
    message: string,
    /** The HTTP status, and the router's own code (OSRM `NoRoute`, Valhalla `442`). */
    readonly details: { status?: number; code?: string } = {},
  ) {
    super(message);
    this.name = 'RouterError';
  }
}

export function isRouterError(error: unknown): error is RouterError {
  return error instanceof RouterError;
}

/** What the screen is told when a router failed and straight segments stand in. */
export function fallbackFor(error: RouterError): RouteFallback {
  switch (error.failure) {
    case 'timeout':
      return 'router_timeout';
    case 'busy':
      return 'router_busy';
    case 'no_route':
      return 'no_route';
    default:
      return 'router_unavailable';
  }
}
