import 'server-only';
import { request } from 'undici';
import packageJson from '@/package.json';
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
  const signal = AbortSignal.timeout(timeoutMs);
  const started = performance.now();
  const fail = (failure: RouterError['failure'], message: string) => {
    log.warn(
      {
        router: provider,
        path: url.pathname,
        failure,
        ms: Math.round(performance.now() - started),
      },
      'router call failed',
    );
    return new RouterError(provider, failure, message);
  };
  const timedOut = () => fail('timeout', `${provider} did not answer within ${timeoutMs} ms`);

  let response: Awaited<ReturnType<typeof request>>;
  try {
    response = await request(url, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        accept: 'application/json',
        'user-agent': USER_AGENT,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch {
    throw signal.aborted ? timedOut() : fail('unreachable', `${provider} could not be reached`);
  }

  let text: string;
  try {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body) {
      size += (chunk as Buffer).byteLength;
      if (size > MAX_BODY_BYTES) {
        response.body.destroy();
        throw fail('invalid_response', `${provider} sent more than ${MAX_BODY_BYTES} bytes`);
      }
      chunks.push(chunk as Buffer);
    }
    text = Buffer.concat(chunks).toString('utf8');
  } catch (error) {
    if (error instanceof RouterError) throw error;
    throw signal.aborted ? timedOut() : fail('unreachable', `${provider} broke off its answer`);
  }

  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.statusCode, json };
}

/** The failure an answer that is not a route stands for, when the provider's body says nothing. */
export function statusFailure(provider: RouterProvider, status: number): RouterError {
  if (status === 429)
    return new RouterError(provider, 'busy', `${provider} answered HTTP 429`, { status });
  return new RouterError(provider, 'http', `${provider} answered HTTP ${status}`, { status });
}
