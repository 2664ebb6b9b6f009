import {
  encodePath,
  gridRoad,
  pathMetres,
  SPEED_MPS,
  startRouterStandIn,
  type LatLng,
  type RouterReply,
  type RouterStandIn,
} from './router-stand-in';

/**
 * A local stand-in for OSRM's HTTP API (osrm-routed), written from its documentation
 * (docs/http.md of osrm-backend): `GET /route/v1/{profile}/{lng},{lat};{lng},{lat}…[.json]` with
 * `overview` (simplified | full | false), `geometries` (polyline | polyline6 | geojson), `steps`,
 * `alternatives`, `annotations`. It answers `{code: "Ok", routes: [{distance, duration, weight,
 * weight_name, geometry, legs: [{distance, duration, weight, summary, steps}]}], waypoints: [{hint,
 * distance, name, location}]}` in metres and seconds; every refusal is `{code, message}` with HTTP
 * 400 (InvalidUrl, InvalidService, InvalidVersion, InvalidOptions, InvalidQuery, InvalidValue,
 * NoSegment, NoRoute, TooBig). Like osrm-routed, it ignores the profile segment. Its roads are
 * the grid of `gridRoad`, ridden at the bicycle's speed.
 */

const MAX_LOCATIONS = 100;

const refusal = (code: string, message: string): RouterReply => ({
  status: 400,
  body: { code, message },
});

/** Parses `lng,lat;lng,lat…`; the position of the first character it cannot read otherwise. */
function readCoordinates(text: string): LatLng[] | { badAt: number } {
  const points: LatLng[] = [];
  let at = 0;
  for (const pair of text.split(';')) {
    const match = /^(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/.exec(pair);
    if (!match) return { badAt: at };
    points.push({ lng: Number(match[1]), lat: Number(match[2]) });
    at += pair.length + 1;
  }
  return points;
}

const ENUMS: Record<string, readonly string[]> = {
  overview: ['simplified', 'full', 'false'],
  geometries: ['polyline', 'polyline6', 'geojson'],
  steps: ['true', 'false'],
  alternatives: ['true', 'false'],
  annotations: ['true', 'false'],
  continue_straight: ['default', 'true', 'false'],
  generate_hints: ['true', 'false'],
};

/** Fake but well-formed, as OSRM's: base64 of the segment it snapped to. */
const hintOf = (point: LatLng) =>
  Buffer.from(`${point.lng.toFixed(6)}:${point.lat.toFixed(6)}:osrm-stand-in`).toString('base64');

function geometryOf(path: LatLng[], format: string) {
  if (format === 'geojson') {
    return { type: 'LineString', coordinates: path.map((p) => [p.lng, p.lat]) };
  }
  return encodePath(path, format === 'polyline6' ? 6 : 5);
}

/** `simplified`: only the points where the road turns (enough at the zoom of the whole route). */
const simplified = (legs: LatLng[][]) =>
  legs.flatMap((leg, i) => {
    const corners = [
      leg[0]!,
      ...leg.filter((p, j) => j > 0 && j < leg.length - 1 && isCorner(leg, j)),
      leg[leg.length - 1]!,
    ];
    return i === 0 ? corners : corners.slice(1);
  });

function isCorner(path: LatLng[], j: number) {
  const [a, b, c] = [path[j - 1]!, path[j]!, path[j + 1]!];
  const cross = (b.lng - a.lng) * (c.lat - b.lat) - (b.lat - a.lat) * (c.lng - b.lng);
  return Math.abs(cross) > 1e-12;
}

function route(path: string, params: URLSearchParams): RouterReply {
  const match = /^\/([^/]+)\/([^/]+)\/([^/]+)\/(.+?)(\.json)?$/.exec(path);
  if (!match) return refusal('InvalidUrl', 'URL string malformed close to position 1: "/"');
  const [, service, version, , coordinatesText] = match;
  if (service !== 'route') return refusal('InvalidService', `Service ${service} not found!`);
  if (version !== 'v1') return refusal('InvalidVersion', `Service ${service} not found!`);
  for (const [name, allowed] of Object.entries(ENUMS)) {
    const value = params.get(name);
    if (value !== null && !allowed.includes(value)) {
      return refusal('InvalidQuery', `Query string malformed close to position ${path.length + 1}`);
    }
  }
  const points = readCoordinates(coordinatesText!);
  if ('badAt' in points) {
    const position = path.length - coordinatesText!.length + points.badAt;
    return refusal('InvalidQuery', `Query string malformed close to position ${position}`);
  }
  if (points.length < 2) {
    return refusal('InvalidOptions', 'Number of coordinates needs to be at least two.');
  }
  if (points.length > MAX_LOCATIONS) {
    return refusal('TooBig', 'Number of entries 101 is higher than current maximum (100)');
  }
  if (points.some((p) => Math.abs(p.lat) > 90 || Math.abs(p.lng) > 180)) {
    return refusal('InvalidValue', 'Invalid coordinate value.');
  }

  const legs = points.slice(1).map((to, i) => gridRoad(points[i]!, to));
  const legFigures = legs.map((leg) => {
    const distance = Math.round(pathMetres(leg) * 10) / 10;
    const duration = Math.round((distance / SPEED_MPS.bicycle) * 10) / 10;
    return { distance, duration };
  });
  const distance = Math.round(legFigures.reduce((sum, leg) => sum + leg.distance, 0) * 10) / 10;
  const duration = Math.round(legFigures.reduce((sum, leg) => sum + leg.duration, 0) * 10) / 10;
  const overview = params.get('overview') ?? 'simplified';
  const format = params.get('geometries') ?? 'polyline';
  const whole = legs.flatMap((leg, i) => (i === 0 ? leg : leg.slice(1)));
  return {
    status: 200,
    body: {
      code: 'Ok',
      routes: [
        {
          ...(overview !== 'false' && {
            geometry: geometryOf(overview === 'full' ? whole : simplified(legs), format),
          }),
          legs: legFigures.map((leg) => ({
            steps: [],
            summary: '',
            weight: leg.duration,
            duration: leg.duration,
            distance: leg.distance,
          })),
          weight_name: 'cyclability',
          weight: duration,
          duration,
          distance,
        },
      ],
      waypoints: points.map((point) => ({
        hint: hintOf(point),
        distance: 0,
        name: 'Calle del Ejemplo',
        location: [Number(point.lng.toFixed(6)), Number(point.lat.toFixed(6))],
      })),
    },
  };
}

export function startOsrmStandIn(): Promise<RouterStandIn> {
  return startRouterStandIn((request, behaviour) => {
    switch (behaviour) {
      case 'no-route':
        return refusal('NoRoute', 'Impossible route between points');
      case 'invalid-query':
        return refusal('InvalidQuery', 'Query string malformed close to position 28');
      case 'server-error':
        return {
          status: 500,
          html: '<html><body><h1>500 Internal Server Error</h1></body></html>',
        };
      case 'normal':
        return route(request.path, request.params);
    }
  });
}
