import 'server-only';
import { randomUUID } from 'node:crypto';
import { env } from '../env';
import { log } from '../log';
import { ApiError, errorResponse } from './api-error';

export interface RequestContext {
  requestId: string;
  log: typeof log;
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
 * The one wrapper around every route of the dispatch app's API: a request id, the Origin check on
 * state-changing methods (a cross-site form or script gets 403), and every failure turned into the
 * JSON error envelope — nothing throws past it, no stack trace leaves the server.
 */
export function apiRoute(handler: Handler): (request: Request) => Promise<Response> {
  return async (request) => {
    const requestId = request.headers.get('x-request-id')?.slice(0, 64) || randomUUID();
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
        request.headers.get('origin') !== appOrigin(request)
      ) {
        throw new ApiError('forbidden_origin', 'This request must come from the app itself.');
      }
      response = await handler(request, { requestId, log: requestLog });
    } catch (error) {
      if (!(error instanceof ApiError)) requestLog.error({ err: error }, 'unexpected failure');
      response = errorResponse(error);
    }
    response.headers.set('x-request-id', requestId);
    requestLog.info(
      { status: response.status, ms: Math.round(performance.now() - started) },
      'request handled',
    );
    return response;
  };
}
