// Not server-only: the method and path of each endpoint, which the browser's client calls by name.

/** Where an endpoint is: its method and its path under the app's origin. */
export interface Endpoint {
  readonly method: 'GET' | 'POST' | 'DELETE';
  /** The path Next serves it at: app/api/…/route.ts (`[name]`: a segment the caller fills in). */
  readonly path: `/api/${string}`;
}

/**
 * Every endpoint of the dispatch app's API, by the name the code calls it: each contract
 * (lib/api/contracts.ts) starts from its entry here. Kept apart from the contracts, which carry
 * zod schemas, so that the browser's client knows where to call without loading them.
 */
export const ENDPOINTS = {
  signIn: { method: 'POST', path: '/api/session' },
  currentSession: { method: 'GET', path: '/api/session' },
  signOut: { method: 'DELETE', path: '/api/session' },
  signOutEverywhere: { method: 'POST', path: '/api/session/everywhere' },
  quote: { method: 'POST', path: '/api/quote' },
  geocodeSearch: { method: 'GET', path: '/api/geocode/search' },
  geocodeReverse: { method: 'GET', path: '/api/geocode/reverse' },
  coverage: { method: 'GET', path: '/api/coverage' },
  roadRoute: { method: 'GET', path: '/api/road-route' },
  health: { method: 'GET', path: '/api/health' },
  quoteList: { method: 'GET', path: '/api/quotes' },
  quoteRecord: { method: 'GET', path: '/api/quotes/[reference]' },
  quoteLinkRevoke: { method: 'DELETE', path: '/api/quotes/[reference]/link' },
  quoteExport: { method: 'GET', path: '/api/quotes/export' },
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof ENDPOINTS;
