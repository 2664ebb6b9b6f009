import 'server-only';
import packageJson from '@/package.json';
import {
  describeUpstreamFailure,
  fetchUpstream,
  jsonOf,
  UpstreamFailure,
} from '@/lib/http/fetch-upstream';
import { log } from '@/lib/log';
import { RouterError, type RouterProvider } from './errors';

/** A route of ten stops across a metro area with its full geometry stays far below this. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

const USER_AGENT = `DispatchQuote/${packageJson.version}`;

export interface RouterAnswer {
  status: number;
  /** The body parsed as JSON, or undefined when it is not JSON (an HTML error page). */
  json: unknown;
}

/**
 * One call to a router within `timeoutMs` (connection, headers and body alike). Routers answer
 * their own refusals with JSON bodies on HTTP 400 (OSRM's `{code, message}`, Valhalla's
 * `{error_code, error, status_code}`), so any status comes back with its body for the provider
 * to read; only a timeout, no connection or a broken body throw here.
 */
export async function callRouter(
  url: URL,
  { provider, timeoutMs, body }: { provider: RouterProvider; timeoutMs: number; body?: unknown },
): Promise<RouterAnswer> {
  const started = performance.now();
  try {
    const { status, text } = await fetchUpstream(url, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        accept: 'application/json',
        'user-agent': USER_AGENT,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      timeoutMs,
      maxBytes: MAX_BODY_BYTES,
    });
    return { status, json: jsonOf(text) };
  } catch (error) {
    if (!(error instanceof UpstreamFailure)) throw error;
    const { failure, message } = describeUpstreamFailure(provider, error, {
      timeoutMs,
      maxBytes: MAX_BODY_BYTES,
    });
    log.warn(
      {
        router: provider,
        path: url.pathname,
        failure,
        ms: Math.round(performance.now() - started),
      },
      'router call failed',
    );
    throw new RouterError(provider, failure, message);
  }
}

/** The failure an answer that is not a route stands for, when the provider's body says nothing. */
export function statusFailure(provider: RouterProvider, status: number): RouterError {
  if (status === 429)
    return new RouterError(provider, 'busy', `${provider} answered HTTP 429`, { status });
  return new RouterError(provider, 'http', `${provider} answered HTTP ${status}`, { status });
}

/**
 * A refusal the router wrote in its own words (`text`, its own `code`): no way along the roads
 * (`noRoute`, by its code), busy (429), its own fault (5xx), or a request it could not read — a
 * fault of ours, logged as such.
 */
export function refusalOf(
  provider: RouterProvider,
  status: number,
  { noRoute, text, code }: { noRoute: boolean; text: string; code: string },
): RouterError {
  const details = { status, code };
  if (noRoute) return new RouterError(provider, 'no_route', text, details);
  if (status === 429) return new RouterError(provider, 'busy', text, details);
  if (status >= 500) return new RouterError(provider, 'http', text, details);
  return new RouterError(provider, 'rejected', text, details);
}
