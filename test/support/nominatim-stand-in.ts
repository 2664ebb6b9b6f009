import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Nominatim (and, through `startGeocoderStandIn`, the machinery Photon's
 * stand-in shares): answers /reverse and /search in Nominatim's jsonv2 shape from a few real
 * places, records every request it sees with its own arrival time, and can be told to misbehave
 * the way a real upstream does.
 */

export type StandInBehaviour =
  /** Answer like the real service. */
  | 'normal'
  /** HTTP 500 with an HTML error page. */
  | 'server-error'
  /** HTTP 429, as a geocoder does to a client that asks too often. */
  | 'too-many-requests'
  /** HTTP 200 with an HTML page (a proxy's or a maintenance page). */
  | 'html'
  /** HTTP 200, JSON content type, a body that is not JSON. */
  | 'garbage'
  /** HTTP 200, valid JSON of the wrong shape. */
  | 'wrong-shape'
  /** Accept the request and never answer. */
  | 'hang';

export interface SeenRequest {
  path: string;
  params: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** performance.now() when the request arrived. */
  receivedAt: number;
}

export interface GeocoderStandIn {
  url: string;
  requests: SeenRequest[];
  behave(behaviour: StandInBehaviour): void;
  close(): Promise<void>;
}

export type StandInRoutes = Record<string, (params: URLSearchParams) => unknown>;

export async function startGeocoderStandIn(routes: StandInRoutes): Promise<GeocoderStandIn> {
  const requests: SeenRequest[] = [];
  let behaviour: StandInBehaviour = 'normal';
  const send = (response: ServerResponse, status: number, type: string, body: string) => {
    response.writeHead(status, { 'content-type': type });
    response.end(body);
  };
  const server = createServer((incoming, response) => {
    const receivedAt = performance.now();
    const url = new URL(incoming.url ?? '/', 'http://stand-in');
    requests.push({
      path: url.pathname,
      params: url.searchParams,
      headers: incoming.headers,
      receivedAt,
    });
    switch (behaviour) {
      case 'hang':
        return;
      case 'server-error':
        return send(response, 500, 'text/html', '<html><body>Internal Server Error</body></html>');
      case 'too-many-requests':
        return send(response, 429, 'text/html', '<html><body>Too Many Requests</body></html>');
      case 'html':
        return send(response, 200, 'text/html', '<!doctype html><p>Down for maintenance</p>');
      case 'garbage':
        return send(response, 200, 'application/json', '{"place_id": 12, "lat": "19.4');
      case 'wrong-shape':
        return send(response, 200, 'application/json', JSON.stringify({ results: 'none' }));
      case 'normal': {
        const route = routes[url.pathname];
        if (!route) return send(response, 404, 'text/plain', 'Not found');
        return send(response, 200, 'application/json', JSON.stringify(route(url.searchParams)));
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    behave: (next) => {
      behaviour = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Real places, as OpenStreetMap describes them. */
export const STAND_IN_PLACES = [
  {
    lat: 19.4245207,
    lng: -99.1676911,
    name: '',
    houseNumber: '36',
    road: 'Varsovia',
    suburb: 'Juárez',
    borough: 'Cuauhtémoc',
    city: 'Ciudad de México',
    postcode: '06600',
  },
  {
    lat: 19.4133562,
    lng: -99.1672142,
    name: '',
    houseNumber: '180',
    road: 'Sonora',
    suburb: 'Hipódromo',
    borough: 'Cuauhtémoc',
    city: 'Ciudad de México',
    postcode: '06100',
  },
  {
    lat: 19.3551,
    lng: -99.1625,
    name: 'Museo Frida Kahlo',
    houseNumber: '247',
    road: 'Londres',
    suburb: 'Del Carmen',
    borough: 'Coyoacán',
    city: 'Ciudad de México',
    postcode: '04100',
  },
] as const;
export type StandInPlace = (typeof STAND_IN_PLACES)[number];

export function displayName(place: StandInPlace): string {
  return [
    place.name,
    place.houseNumber,
    place.road,
    place.suburb,
    place.borough,
    place.city,
    place.postcode,
    'México',
  ]
    .filter(Boolean)
    .join(', ');
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The stand-in place within ~300 m of a point, if any. */
export function placeNear(lat: number, lng: number): StandInPlace | undefined {
  return STAND_IN_PLACES.find(
    (place) => Math.abs(place.lat - lat) < 0.003 && Math.abs(place.lng - lng) < 0.003,
  );
}

export function placesMatching(text: string): StandInPlace[] {
  const words = fold(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return STAND_IN_PLACES.filter((place) => {
    const haystack = fold(displayName(place));
    return words.length > 0 && words.every((word) => haystack.includes(word));
  });
}

function nominatimPlace(place: StandInPlace, index: number) {
  return {
    place_id: 1000 + index,
    licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
    osm_type: 'node',
    osm_id: 5000 + index,
    lat: String(place.lat),
    lon: String(place.lng),
    category: place.name ? 'tourism' : 'place',
    type: place.name ? 'museum' : 'house',
    place_rank: 30,
    importance: 0.00001,
    addresstype: place.name ? 'tourism' : 'place',
    name: place.name,
    display_name: displayName(place),
    address: {
      ...(place.name && { tourism: place.name }),
      house_number: place.houseNumber,
      road: place.road,
      suburb: place.suburb,
      borough: place.borough,
      city: place.city,
      'ISO3166-2-lvl4': 'MX-CMX',
      postcode: place.postcode,
      country: 'México',
      country_code: 'mx',
    },
    boundingbox: [place.lat - 0.0001, place.lat + 0.0001, place.lng - 0.0001, place.lng + 0.0001],
  };
}

export function startNominatimStandIn(): Promise<GeocoderStandIn> {
  return startGeocoderStandIn({
    '/reverse': (params) => {
      const place = placeNear(Number(params.get('lat')), Number(params.get('lon')));
      return place
        ? nominatimPlace(place, STAND_IN_PLACES.indexOf(place))
        : { error: 'Unable to geocode' };
    },
    '/search': (params) => {
      const limit = Number(params.get('limit') ?? 10);
      return placesMatching(params.get('q') ?? '')
        .slice(0, limit)
        .map((place) => nominatimPlace(place, STAND_IN_PLACES.indexOf(place)));
    },
  });
}
