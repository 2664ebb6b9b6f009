import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Nominatim (and, through `startGeocoderStandIn`, the machinery Photon's
 * stand-in shares): answers /reverse and /search in Nominatim's jsonv2 shape from a few real
 * places — house addresses, a street, colonias — records every request it sees with its own
 * arrival time, and can be told to misbehave the way a real upstream does.
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

/**
 * Real places of central Mexico City, as OpenStreetMap describes them (coordinates approximate):
 * house addresses around the map's default view (19.4245, −99.1635) and the recorded trip, one
 * long street without a house number, and colonias (suburbs) at their centres.
 */
export interface StandInPlace {
  kind: 'house' | 'street' | 'suburb';
  lat: number;
  lng: number;
  /** A named place's name (a museum), the street's or the colonia's own name; '' for a plain house. */
  name: string;
  houseNumber: string;
  road: string;
  /** The colonia; '' for a street that crosses many. */
  suburb: string;
  /** The alcaldía. */
  borough: string;
  city: string;
  /** '' when the feature has none (a long avenue). */
  postcode: string;
}

const CDMX = 'Ciudad de México';
const house = (
  road: string,
  houseNumber: string,
  suburb: string,
  postcode: string,
  lat: number,
  lng: number,
  { name = '', borough = 'Cuauhtémoc' } = {},
): StandInPlace => ({
  kind: 'house',
  lat,
  lng,
  name,
  houseNumber,
  road,
  suburb,
  borough,
  city: CDMX,
  postcode,
});
const suburb = (
  name: string,
  postcode: string,
  borough: string,
  lat: number,
  lng: number,
): StandInPlace => ({
  kind: 'suburb',
  lat,
  lng,
  name,
  houseNumber: '',
  road: '',
  suburb: name,
  borough,
  city: CDMX,
  postcode,
});

export const STAND_IN_PLACES: readonly StandInPlace[] = [
  // The recorded trip, and the Casa Azul.
  house('Varsovia', '36', 'Juárez', '06600', 19.4245207, -99.1676911),
  house('Sonora', '180', 'Hipódromo', '06100', 19.4133562, -99.1672142),
  house('Londres', '247', 'Del Carmen', '04100', 19.3551, -99.1625, {
    name: 'Museo Frida Kahlo',
    borough: 'Coyoacán',
  }),
  // Around the map's default view: any tap within a few hundred metres of it finds one of these.
  house('Paseo de la Reforma', '222', 'Juárez', '06600', 19.4289, -99.1619),
  house('Londres', '162', 'Juárez', '06600', 19.4256, -99.1634),
  house('Havre', '30', 'Juárez', '06600', 19.4271, -99.1597),
  house('Génova', '33', 'Juárez', '06600', 19.4262, -99.162),
  house('Lucerna', '56', 'Juárez', '06600', 19.4286, -99.156),
  house('Río Lerma', '156', 'Cuauhtémoc', '06500', 19.4296, -99.1666),
  house('Colima', '220', 'Roma Norte', '06700', 19.419, -99.164),
  house('Orizaba', '101', 'Roma Norte', '06700', 19.418, -99.1587),
  house('Salamanca', '85', 'Roma Norte', '06700', 19.4205, -99.169),
  // A long avenue: a street feature without a house number, colonia or zip code.
  {
    kind: 'street',
    lat: 19.397,
    lng: -99.173,
    name: 'Avenida Insurgentes Sur',
    houseNumber: '',
    road: 'Avenida Insurgentes Sur',
    suburb: '',
    borough: 'Benito Juárez',
    city: CDMX,
    postcode: '',
  },
  suburb('Juárez', '06600', 'Cuauhtémoc', 19.4255, -99.162),
  suburb('Cuauhtémoc', '06500', 'Cuauhtémoc', 19.4305, -99.1625),
  suburb('Roma Norte', '06700', 'Cuauhtémoc', 19.4185, -99.16),
  suburb('Hipódromo', '06100', 'Cuauhtémoc', 19.4115, -99.1705),
  suburb('Del Valle Norte', '03103', 'Benito Juárez', 19.392, -99.168),
  suburb('Del Valle Centro', '03100', 'Benito Juárez', 19.385, -99.167),
  suburb('Del Valle Sur', '03104', 'Benito Juárez', 19.376, -99.164),
  suburb('Crédito Constructor', '03940', 'Benito Juárez', 19.363, -99.177),
  suburb('Del Carmen', '04100', 'Coyoacán', 19.3545, -99.16),
];

export function displayName(place: StandInPlace): string {
  return [
    place.kind === 'house' ? place.name : '',
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
const wordsOf = (text: string) =>
  fold(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** Kilometres between two points (haversine). */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}

/**
 * What a reverse lookup finds: the nearest house within `radiusKm`, else the nearest colonia within
 * it, else nothing — as Photon's reverse within its radius (default 1 km) and Nominatim's at zoom
 * 18 (the nearest building or address, else the area around it).
 */
export function placeNear(lat: number, lng: number, radiusKm = 1): StandInPlace | undefined {
  const nearest = (kind: StandInPlace['kind']) =>
    STAND_IN_PLACES.filter((place) => place.kind === kind)
      .map((place) => ({ place, km: distanceKm(lat, lng, place.lat, place.lng) }))
      .filter(({ km }) => km <= radiusKm)
      .sort((a, b) => a.km - b.km)[0]?.place;
  return nearest('house') ?? nearest('suburb');
}

const IMPORTANCE: Record<StandInPlace['kind'], number> = { suburb: 2, street: 1, house: 0 };

/**
 * What a search finds, as those services do well enough for tests: every word that is not a
 * number must be in the place's own name (its street, for a house) or around it (colonia,
 * alcaldía, city), the last one possibly unfinished; a number must be the house number or the
 * zip code, except that a street or colonia feature, having no house number, ignores one. Places
 * matching by their own name come first, then the more important (colonia, street, house).
 */
export function placesMatching(text: string): StandInPlace[] {
  const words = wordsOf(text);
  if (words.length === 0) return [];
  const scored = STAND_IN_PLACES.flatMap((place, order) => {
    const own = wordsOf(place.kind === 'house' ? `${place.road} ${place.name}` : place.name);
    const around = wordsOf([place.suburb, place.borough, place.city].join(' '));
    let score = 0;
    for (const [i, word] of words.entries()) {
      const isLast = i === words.length - 1;
      const found = (list: string[]) =>
        list.some((candidate) => candidate === word || (isLast && candidate.startsWith(word)));
      if (/^\d+$/.test(word)) {
        if (place.houseNumber && word === fold(place.houseNumber)) score += 3;
        else if (place.postcode && word === place.postcode) score += 1;
        else if (place.kind !== 'house' && !(/^\d{5}$/.test(word) && place.postcode)) continue;
        else return [];
      } else if (found(own)) score += 2;
      else if (found(around)) score += 1;
      else return [];
    }
    return score > 0 ? [{ place, score, order }] : [];
  });
  return scored
    .sort(
      (a, b) =>
        b.score - a.score ||
        IMPORTANCE[b.place.kind] - IMPORTANCE[a.place.kind] ||
        a.order - b.order,
    )
    .map(({ place }) => place);
}

/** A result in Nominatim's jsonv2 format (format=jsonv2&addressdetails=1). */
function nominatimPlace(place: StandInPlace) {
  const index = STAND_IN_PLACES.indexOf(place);
  const named = place.kind === 'house' && place.name !== '';
  const classification = {
    house: named
      ? { category: 'tourism', type: 'museum', addresstype: 'tourism', place_rank: 30 }
      : { category: 'place', type: 'house', addresstype: 'place', place_rank: 30 },
    street: { category: 'highway', type: 'trunk', addresstype: 'road', place_rank: 26 },
    suburb: { category: 'place', type: 'suburb', addresstype: 'suburb', place_rank: 20 },
  }[place.kind];
  const span = place.kind === 'house' ? 0.0001 : place.kind === 'street' ? 0.05 : 0.006;
  return {
    place_id: 1000 + index,
    licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
    osm_type: place.kind === 'house' ? 'node' : place.kind === 'street' ? 'way' : 'relation',
    osm_id: 5000 + index,
    lat: String(place.lat),
    lon: String(place.lng),
    ...classification,
    importance: place.kind === 'house' ? 0.00001 : place.kind === 'street' ? 0.3 : 0.25,
    name: place.name,
    display_name: displayName(place),
    address: {
      ...(named && { tourism: place.name }),
      ...(place.houseNumber && { house_number: place.houseNumber }),
      ...(place.road && { road: place.road }),
      ...(place.suburb && { suburb: place.suburb }),
      borough: place.borough,
      city: place.city,
      state: place.city,
      'ISO3166-2-lvl4': 'MX-CMX',
      ...(place.postcode && { postcode: place.postcode }),
      country: 'México',
      country_code: 'mx',
    },
    boundingbox: [
      String(place.lat - span),
      String(place.lat + span),
      String(place.lng - span),
      String(place.lng + span),
    ],
  };
}

export function startNominatimStandIn(): Promise<GeocoderStandIn> {
  return startGeocoderStandIn({
    '/reverse': (params) => {
      // The app always asks at zoom 18 (building level): the nearest address.
      const place = placeNear(Number(params.get('lat')), Number(params.get('lon')));
      return place ? nominatimPlace(place) : { error: 'Unable to geocode' };
    },
    '/search': (params) => {
      const limit = Number(params.get('limit') ?? 10);
      // A structured query (street, city, county, state, postalcode; never beside q) matches as
      // its words would; bounded=1 keeps only what lies in the viewbox (left,top,right,bottom).
      const text =
        params.get('q') ??
        ['street', 'city', 'county', 'state', 'postalcode']
          .map((name) => params.get(name))
          .join(' ');
      const box =
        params.get('bounded') === '1' ? params.get('viewbox')?.split(',').map(Number) : null;
      const inBox = (place: StandInPlace) =>
        !box ||
        (Math.min(box[0]!, box[2]!) <= place.lng &&
          place.lng <= Math.max(box[0]!, box[2]!) &&
          Math.min(box[1]!, box[3]!) <= place.lat &&
          place.lat <= Math.max(box[1]!, box[3]!));
      return placesMatching(text).filter(inBox).slice(0, limit).map(nominatimPlace);
    },
  });
}
