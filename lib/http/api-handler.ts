import 'server-only';
import { randomUUID } from 'node:crypto';
import { env } from '../env';
import { log } from '../log';
import { ApiError, errorResponse } from './api-error';
import { clientAddressOf, isIpAddress } from './client-address';
import { clientWentAway } from './client-went-away';

export interface RequestContext {
  requestId: string;
  log: typeof log;
  /** The client's address (TRUST_PROXY rules, lib/http/client-address.ts). */
  address: string;
}

type Handler = (request: Request, context: RequestContext) => Promise<Response>;

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The origin this app is served from: APP_ORIGIN behind a proxy, else the request's own. */
export function appOrigin(request: Request): string {
  if (env.appOrigin) return env.appOrigin;
  // `next start` hands route handlers a URL on "localhost" whatever host the browser used (a
  // tablet reaching http://192.168.1.20:3000 included): the Host header says where it really is.
  const url = new URL(request.url);
  const host = request.headers.get('host');
  return host ? `${url.protocol}//${host}` : url.origin;
}

/**
 * Whether the request's own origin may stand for the app's when APP_ORIGIN is unset: only when
 * its host is an IP address or localhost. A page on a domain of the attacker's that rebinds that
 * name to this server's address (DNS rebinding) sends Origin and Host alike — with its domain
 * name, which is refused here. An app served under a name sets APP_ORIGIN.
 */
export function hostMayNameTheApp(request: Request): boolean {
  if (env.appOrigin) return true;
  const host = request.headers.get('host') ?? new URL(request.url).host;
  return hostIsAddressOrLocal(host);
}

/** `127.0.0.1:3000`, `[::1]:3000`, `localhost`, `192.168.1.20` → true; any other name → false. */
export function hostIsAddressOrLocal(host: string): boolean {
  const name = /^\[([^\]]+)\](?::\d+)?$/.exec(host)?.[1] ?? host.replace(/:\d+$/, '');
  return isIpAddress(name) || /^localhost\.?$/i.test(name);
}

/**
 * The one wrapper around every endpoint of the dispatch app's API: a request id, the Origin check on
 * state-changing methods (a cross-site form or script gets 403), and every failure turned into the
 * JSON error envelope — nothing throws past it, no stack trace leaves the server.
 */
export function apiHandler(handler: Handler): (request: Request) => Promise<Response> {
  return async (request) => {
    const requestId = request.headers.get('x-request-id')?.slice(0, 64) || randomUUID();
    const address = clientAddressOf(request, env.trustProxy);
    const requestLog = log.child({
      requestId,
      method: request.method,
      path: new URL(request.url).pathname,
    });
    const started = performance.now();
    let response: Response;
    try {
      if (
        STATE_CHANGING.has(request.method) &&
        (request.headers.get('origin') !== appOrigin(request) || !hostMayNameTheApp(request))
      ) {
        throw new ApiError('forbidden_origin', 'This request must come from the app itself.');
      }
      response = await handler(request, { requestId, log: requestLog, address });
    } catch (error) {
      if (clientWentAway(request, error)) {
        requestLog.info({ address }, 'client went away before the answer');
      } else if (!(error instanceof ApiError)) {
        requestLog.error({ err: error }, 'unexpected failure');
      }
      response = errorResponse(error);
    }
    response.headers.set('x-request-id', requestId);
    requestLog.info(
      {
        status: response.status,
        ms: Math.round(performance.now() - started),
        // Refusals say who was refused: an operator can tell a guesser from a dispatcher.
        ...(response.status === 401 || response.status === 403 || response.status === 429
          ? { address }
          : {}),
      },
      'request handled',
    );
    return response;
  };
}
