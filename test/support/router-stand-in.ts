import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import polyline from '@mapbox/polyline';

/**
 * What the OSRM and Valhalla stand-ins share: a loopback HTTP server that records every request,
 * answers after a chosen delay, and misbehaves on demand the way a router (or the proxy in front
 * of it) does; and the roads of their little world.
 */

export type RouterBehaviour =
  /** Route like the real service. */
  | 'normal'
  /** The router's own "no way along the roads" (OSRM NoRoute, Valhalla 442), HTTP 400. */
  | 'no-route'
  /** The router's own "malformed request" (OSRM InvalidQuery, Valhalla 100), HTTP 400. */
  | 'invalid-query'
  /** HTTP 429 from the proxy in front (an HTML page). */
  | 'too-many-requests'
  /** HTTP 500 (an HTML page from the proxy, or the router's own error body). */
  | 'server-error'
  /** HTTP 200 with a body that is not JSON. */
  | 'garbage'
  /** Accept the request and never answer. */
  | 'hang';

export interface SeenRouterRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The JSON body of a POST, parsed (undefined when there was none or it was not JSON). */
  body: unknown;
  receivedAt: number;
  /** The asker closed the connection before an answer was sent (it gave up waiting). */
  abandoned: boolean;
}

export interface RouterStandIn {
  url: string;
  requests: SeenRouterRequest[];
  behave(behaviour: RouterBehaviour): void;
  /** Every answer waits this long first (a router's own work, for the bench). */
  delay(ms: number): void;
  /**
   * Answers nothing until the returned function is called: a router that takes exactly as long
   * as a test needs, whatever the machine's load.
   */
  hold(): () => void;
  close(): Promise<void>;
}

/** A JSON answer, or (`html`) a page such as the one a proxy or a crashed server sends. */
export type RouterReply = { status: number; body: unknown } | { status: number; html: string };

export type RouterHandler = (
  request: SeenRouterRequest,
  behaviour: Exclude<RouterBehaviour, 'hang' | 'garbage' | 'too-many-requests'>,
) => RouterReply;

export async function startRouterStandIn(handle: RouterHandler): Promise<RouterStandIn> {
  const requests: SeenRouterRequest[] = [];
  let behaviour: RouterBehaviour = 'normal';
  let delayMs = 0;
  let held: (() => void)[] | null = null;
  const send = (response: ServerResponse, status: number, type: string, body: string) => {
    response.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
    response.end(body);
  };
  const server = createServer((incoming, response) => {
    const receivedAt = performance.now();
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://stand-in');
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = undefined;
      }
      const seen: SeenRouterRequest = {
        method: incoming.method ?? 'GET',
        path: decodeURIComponent(url.pathname),
        params: url.searchParams,
        headers: incoming.headers,
        body,
        receivedAt,
        abandoned: false,
      };
      requests.push(seen);
      response.on('close', () => {
        if (!response.writableEnded) seen.abandoned = true;
      });
      const answer = () => {
        switch (behaviour) {
          case 'hang':
            return;
          case 'too-many-requests':
            return send(
              response,
              429,
              'text/html',
              '<html><body>429 Too Many Requests</body></html>',
            );
          case 'garbage':
            return send(response, 200, 'application/json', '{"code":"Ok","routes":[{"dist');
          default: {
            const reply = handle(seen, behaviour);
            return 'html' in reply
              ? send(response, reply.status, 'text/html', reply.html)
              : send(
                  response,
                  reply.status,
                  'application/json; charset=utf-8',
                  JSON.stringify(reply.body),
                );
          }
        }
      };
      const answerInTime = () => (delayMs > 0 ? setTimeout(answer, delayMs) : answer());
      if (held) held.push(answerInTime);
      else answerInTime();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    behave: (next) => {
      behaviour = next;
    },
    delay: (ms) => {
      delayMs = ms;
    },
    hold: () => {
      const waiting: (() => void)[] = [];
      held = waiting;
      return () => {
        if (held === waiting) held = null;
        for (const answer of waiting.splice(0)) answer();
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ------------------------------------------------------------------ the stand-ins' roads

export interface LatLng {
  lat: number;
  lng: number;
}

/**
 * The road between two stops in the stand-ins' world: a grid of streets, so a rider goes along
 * the meridian first, then along the parallel, turning once at (to.lat, from.lng). Recognisable
 * on the map (a corner where a straight line would have none) and longer than the crow flies,
 * as a road is. Intermediate vertices every ~100 m, as a router's geometry has.
 */
export function gridRoad(from: LatLng, to: LatLng): LatLng[] {
  const corner = { lat: to.lat, lng: from.lng };
  return [...segment(from, corner), ...segment(corner, to).slice(1)];
}

function segment(from: LatLng, to: LatLng): LatLng[] {
  const steps = Math.max(1, Math.ceil(metresBetween(from, to) / 100));
  return Array.from({ length: steps + 1 }, (_, i) => ({
    lat: from.lat + ((to.lat - from.lat) * i) / steps,
    lng: from.lng + ((to.lng - from.lng) * i) / steps,
  }));
}

const EARTH_RADIUS_M = 6_371_008.8;

export function metresBetween(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(h));
}

export const pathMetres = (path: readonly LatLng[]) =>
  path.slice(1).reduce((sum, point, i) => sum + metresBetween(path[i]!, point), 0);

/** Riding speeds of the stand-ins' world: 4 m/s by bicycle (14.4 km/h), 7 m/s by motorbike. */
export const SPEED_MPS = { bicycle: 4, motorcycle: 7, driving: 7 } as const;

/** An encoded polyline ([lat, lng]) of the given precision: 5 or 6 decimals. */
export const encodePath = (path: readonly LatLng[], precision: 5 | 6) =>
  polyline.encode(
    path.map((p) => [p.lat, p.lng]),
    precision,
  );
