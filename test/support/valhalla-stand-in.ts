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
 * A local stand-in for Valhalla's route action, written from its API reference
 * (docs/api/turn-by-turn/api-reference.md): `POST /route` (or `GET /route?json=…`) with
 * `locations` ([{lat, lon, type}], visited in order, a leg ending at each `break`), `costing`
 * (auto, bicycle, motorcycle, motor_scooter, pedestrian, …), `units` (kilometers / km, miles /
 * mi) and `directions_type`. It answers `{trip: {locations, legs: [{summary: {length, time, …},
 * shape}], summary, status: 0, status_message, units, language}}`, each `shape` an encoded polyline
 * of precision 6, `time` in seconds, `length` in the units asked for. Refusals are `{error_code,
 * error, status_code, status}`: 400 for what it cannot read or route (100 bad JSON, 120 too few
 * locations, 124 no costing, 125 unknown costing, 130 bad location, 442 no path), 404 for another
 * path. Its roads are the grid of `gridRoad`.
 */

const COSTINGS: Record<string, number> = {
  auto: SPEED_MPS.driving,
  taxi: SPEED_MPS.driving,
  bus: SPEED_MPS.driving,
  truck: SPEED_MPS.driving,
  motorcycle: SPEED_MPS.motorcycle,
  motor_scooter: SPEED_MPS.motorcycle,
  bicycle: SPEED_MPS.bicycle,
  pedestrian: 1.4,
};

const failure = (status: number, code: number, error: string): RouterReply => ({
  status,
  body: {
    error_code: code,
    error,
    status_code: status,
    status: status === 400 ? 'Bad Request' : status === 404 ? 'Not Found' : 'Internal Server Error',
  },
});

interface RouteRequest {
  locations?: unknown;
  costing?: unknown;
  units?: unknown;
  directions_type?: unknown;
}

function route(request: RouteRequest | undefined): RouterReply {
  if (!request || typeof request !== 'object')
    return failure(400, 100, 'Failed to parse json request');
  const { locations, costing, units = 'kilometers' } = request;
  if (!Array.isArray(locations)) {
    return failure(400, 110, "Insufficiently specified required parameter 'locations'");
  }
  const points: LatLng[] = [];
  for (const location of locations as unknown[]) {
    const { lat, lon } = (location ?? {}) as { lat?: unknown; lon?: unknown };
    if (
      typeof lat !== 'number' ||
      typeof lon !== 'number' ||
      Math.abs(lat) > 90 ||
      Math.abs(lon) > 180
    ) {
      return failure(400, 130, 'Failed to parse location');
    }
    points.push({ lat, lng: lon });
  }
  if (points.length < 2) return failure(400, 120, 'Insufficient number of locations provided');
  if (typeof costing !== 'string') return failure(400, 124, 'No edge/node costing provided');
  const speed = COSTINGS[costing];
  if (speed === undefined) return failure(400, 125, `No costing method found for '${costing}'`);
  const miles = units === 'miles' || units === 'mi';
  if (!miles && units !== 'kilometers' && units !== 'km') {
    return failure(400, 100, 'Failed to parse json request');
  }
  const perKm = miles ? 1 / 1.609344 : 1;

  const legs = points.slice(1).map((to, i) => {
    const path = gridRoad(points[i]!, to);
    const km = pathMetres(path) / 1000;
    return {
      summary: {
        has_time_restrictions: false,
        has_toll: false,
        has_highway: false,
        has_ferry: false,
        min_lat: Math.min(...path.map((p) => p.lat)),
        min_lon: Math.min(...path.map((p) => p.lng)),
        max_lat: Math.max(...path.map((p) => p.lat)),
        max_lon: Math.max(...path.map((p) => p.lng)),
        time: Math.round(((km * 1000) / speed) * 1000) / 1000,
        length: Math.round(km * perKm * 1000) / 1000,
        cost: Math.round(((km * 1000) / speed) * 1000) / 1000,
      },
      shape: encodePath(path, 6),
    };
  });
  const sum = (pick: (leg: (typeof legs)[number]) => number) =>
    Math.round(legs.reduce((total, leg) => total + pick(leg), 0) * 1000) / 1000;
  return {
    status: 200,
    body: {
      trip: {
        locations: points.map((point, i) => ({
          type: 'break',
          lat: point.lat,
          lon: point.lng,
          original_index: i,
        })),
        legs,
        summary: {
          has_time_restrictions: false,
          has_toll: false,
          has_highway: false,
          has_ferry: false,
          min_lat: Math.min(...points.map((p) => p.lat)),
          min_lon: Math.min(...points.map((p) => p.lng)),
          max_lat: Math.max(...points.map((p) => p.lat)),
          max_lon: Math.max(...points.map((p) => p.lng)),
          time: sum((leg) => leg.summary.time),
          length: sum((leg) => leg.summary.length),
          cost: sum((leg) => leg.summary.cost),
        },
        status_message: 'Found route between points',
        status: 0,
        units: miles ? 'miles' : 'kilometers',
        language: 'en-US',
      },
    },
  };
}

export function startValhallaStandIn(): Promise<RouterStandIn> {
  return startRouterStandIn((request, behaviour) => {
    switch (behaviour) {
      case 'no-route':
        return failure(400, 442, 'No path could be found for input');
      case 'invalid-query':
        return failure(400, 100, 'Failed to parse json request');
      case 'server-error':
        return failure(500, 201, 'Failed to parse TripPath');
      case 'normal': {
        if (request.path !== '/route') return failure(404, 106, "Try any of:'/route' '/locate'");
        if (request.method === 'GET') {
          const json = request.params.get('json');
          try {
            return route(json ? (JSON.parse(json) as RouteRequest) : undefined);
          } catch {
            return failure(400, 100, 'Failed to parse json request');
          }
        }
        if (request.method !== 'POST')
          return failure(405, 101, 'Try a POST or GET request instead');
        return route(request.body as RouteRequest | undefined);
      }
    }
  });
}
