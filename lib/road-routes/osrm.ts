import 'server-only';
import { z } from 'zod';
import { RouterError } from './errors';
import { decodePolyline6, encodePolyline6 } from './polyline6';
import { splitAtWaypoints } from './split-legs';
import type { RoadRoute, RouteOptions, RoutePoint, Router, RouterOptions } from './types';
import { callRouter, refusalOf, statusFailure } from './upstream';

/**
 * OSRM's route service (`GET /route/v1/{profile}/{lng,lat;lng,lat…}`): the fastest route through
 * the stops in order, `overview=full&geometries=polyline6` when the map needs the path. Distances
 * come in metres and durations in seconds, per leg; failures as `{code, message}` with HTTP 400.
 *
 * The profile segment is not read by osrm-routed (the Lua profile the data was prepared with
 * decides: bicycle.lua for this courier, see the README); proxies that serve several profiles
 * choose by base path (`…/routed-bike`) and expect `driving` there, so that is what is sent.
 */
export const OSRM_PROFILE = 'driving';

/** Codes of a request OSRM could read, where the roads gave no route. */
const NO_ROUTE_CODES = new Set(['NoRoute', 'NoSegment', 'NoMatch', 'NoTrips']);

const metres = z.number().finite().nonnegative();
const seconds = z.number().finite().nonnegative();
const lngLat = z.tuple([z.number().finite(), z.number().finite()]);

const okAnswer = z.looseObject({
  code: z.literal('Ok'),
  routes: z
    .array(
      z.looseObject({
        distance: metres,
        duration: seconds,
        geometry: z.string().optional(),
        legs: z.array(z.looseObject({ distance: metres, duration: seconds })).min(1),
      }),
    )
    .min(1),
  waypoints: z.array(z.looseObject({ location: lngLat })).min(2),
});

const failureAnswer = z.looseObject({ code: z.string(), message: z.string().optional() });

export class OsrmRouter implements Router {
  readonly provider = 'osrm' as const;

  constructor(private readonly options: RouterOptions) {}

  async route(points: readonly RoutePoint[], { geometry }: RouteOptions): Promise<RoadRoute> {
    const coordinates = points.map((p) => `${p.lng.toFixed(6)},${p.lat.toFixed(6)}`).join(';');
    const url = new URL(`${this.options.baseUrl}/route/v1/${OSRM_PROFILE}/${coordinates}`);
    url.searchParams.set('overview', geometry ? 'full' : 'false');
    if (geometry) url.searchParams.set('geometries', 'polyline6');
    url.searchParams.set('steps', 'false');

    const { status, json } = await callRouter(url, {
      provider: 'osrm',
      timeoutMs: this.options.timeoutMs,
    });
    if (status !== 200) throw failureOf(status, json);
    const answer = okAnswer.safeParse(json);
    if (!answer.success) {
      const failure = failureAnswer.safeParse(json);
      // A 200 that says it failed is still a failure (some proxies flatten statuses).
      if (failure.success && failure.data.code !== 'Ok') throw failureOf(status, json);
      throw new RouterError('osrm', 'invalid_response', 'osrm sent no route');
    }
    const [best] = answer.data.routes;
    if (best!.legs.length !== points.length - 1) {
      throw new RouterError('osrm', 'invalid_response', 'osrm sent a route with other legs');
    }
    const paths =
      geometry && best!.geometry !== undefined
        ? splitAtWaypoints(
            decodePolyline6(best!.geometry),
            answer.data.waypoints.map(({ location: [lng, lat] }) => ({ lat, lng })),
          )
        : undefined;
    if (geometry && !paths) {
      throw new RouterError('osrm', 'invalid_response', 'osrm sent a route without geometry');
    }
    return {
      provider: 'osrm',
      legs: best!.legs.map((leg, i) => ({
        distanceKm: leg.distance / 1000,
        durationMinutes: leg.duration / 60,
        ...(paths && { shape: encodePolyline6(paths[i]!) }),
      })),
    };
  }
}

/** OSRM's refusals name their kind in `code`; anything else is judged by the HTTP status. */
function failureOf(status: number, json: unknown): RouterError {
  const body = failureAnswer.safeParse(json);
  if (!body.success) return statusFailure('osrm', status);
  const { code, message } = body.data;
  const text = `osrm answered ${code}${message ? `: ${message}` : ''}`;
  return refusalOf('osrm', status, { noRoute: NO_ROUTE_CODES.has(code), text, code });
}
