import 'server-only';
import { z } from 'zod';
import { RouterError } from './errors';
import { isPath } from './polyline6';
import type { RoadRoute, RouteOptions, RoutePoint, Router, RouterOptions } from './types';
import { callRouter, refusalOf, statusFailure } from './upstream';

/**
 * Valhalla's route action (`POST /route` with a JSON body): `locations` in order, each a `break`
 * (a leg ends there), the courier's vehicle as `costing` (`bicycle` or `motorcycle`), lengths in
 * kilometres (`units`) and no turn-by-turn text (`directions_type: none`). Each leg comes with
 * its own `shape` (an encoded polyline of precision 6) and `summary` (`length`, `time` in
 * seconds); failures as `{error_code, error, status_code, status}`, mostly with HTTP 400.
 */

export const VALHALLA_COSTING = { bicycle: 'bicycle', motorbike: 'motorcycle' } as const;

/**
 * Valhalla's own codes for a request it read but could not route along the roads: 170
 * unconnected regions, 171 no suitable edges near a location, 154 beyond the costing's distance
 * limit, 441 location unreachable, 442 no path found.
 */
const NO_ROUTE_CODES = new Set([154, 170, 171, 441, 442]);

const summary = z.looseObject({
  length: z.number().finite().nonnegative(),
  time: z.number().finite().nonnegative(),
});

const okAnswer = z.looseObject({
  trip: z.looseObject({
    legs: z.array(z.looseObject({ shape: z.string(), summary })).min(1),
    summary,
    units: z.string().optional(),
  }),
});

const failureAnswer = z.looseObject({
  error_code: z.number().int(),
  error: z.string().optional(),
  status_code: z.number().int().optional(),
});

export class ValhallaRouter implements Router {
  readonly provider = 'valhalla' as const;

  constructor(private readonly options: RouterOptions) {}

  async route(
    points: readonly RoutePoint[],
    { vehicle = 'bicycle' }: RouteOptions,
  ): Promise<RoadRoute> {
    const { status, json } = await callRouter(new URL(`${this.options.baseUrl}/route`), {
      provider: 'valhalla',
      timeoutMs: this.options.timeoutMs,
      body: {
        locations: points.map((p) => ({ lat: p.lat, lon: p.lng, type: 'break' })),
        costing: VALHALLA_COSTING[vehicle],
        units: 'kilometers',
        directions_type: 'none',
      },
    });
    if (status !== 200) throw failureOf(status, json);
    const answer = okAnswer.safeParse(json);
    if (!answer.success)
      throw new RouterError('valhalla', 'invalid_response', 'valhalla sent no trip');
    const { legs, units } = answer.data.trip;
    if (legs.length !== points.length - 1) {
      throw new RouterError('valhalla', 'invalid_response', 'valhalla sent a trip with other legs');
    }
    // Asked in kilometres; a server that answers in miles anyway is read as it says.
    const toKm = units === 'miles' || units === 'mi' ? 1.609344 : 1;
    if (!legs.every((leg) => isPath(leg.shape))) {
      throw new RouterError(
        'valhalla',
        'invalid_response',
        'valhalla sent a shape that is no path',
      );
    }
    return {
      provider: 'valhalla',
      legs: legs.map((leg) => ({
        distanceKm: leg.summary.length * toKm,
        durationMinutes: leg.summary.time / 60,
        shape: leg.shape,
      })),
    };
  }
}

function failureOf(status: number, json: unknown): RouterError {
  const body = failureAnswer.safeParse(json);
  if (!body.success) return statusFailure('valhalla', status);
  const { error_code: code, error } = body.data;
  const text = `valhalla answered ${code}${error ? `: ${error}` : ''}`;
  return refusalOf('valhalla', status, {
    noRoute: NO_ROUTE_CODES.has(code),
    text,
    code: String(code),
  });
}
