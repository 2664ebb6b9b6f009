import 'server-only';
import packageJson from '@/package.json';
import {
  describeUpstreamFailure,
  fetchUpstream,
  jsonOf,
  UpstreamFailure,
  type UpstreamAnswer,
} from '@/lib/http/fetch-upstream';
import { log } from '@/lib/log';
import { GeocoderError } from './errors';
import type { GeocoderProvider } from '@/lib/api/geocode';

/** Larger answers are not what a geocoder sends for one address lookup. */
const MAX_BODY_BYTES = 1024 * 1024;

export const APP_USER_AGENT = `DispatchQuote/${packageJson.version}`;

export interface UpstreamOptions {
  provider: GeocoderProvider;
  timeoutMs: number;
  userAgent: string;
}

/** `path` under the provider's base URL, with the query `params`. */
export function upstreamUrl(baseUrl: string, path: string, params: Record<string, string>): URL {
  const url = new URL(`${baseUrl}${path}`);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url;
}

const isSuccess = (status: number) => status >= 200 && status <= 299;

/**
 * GET an upstream geocoder's JSON answer within `timeoutMs` (connection, headers and body alike).
 * Every failure comes back as a GeocoderError: timeout, unreachable, HTTP error status, or a body
 * that is not JSON. The body is returned unparsed for the provider's own schema.
 */
export async function getUpstreamJson(url: URL, options: UpstreamOptions): Promise<unknown> {
  const { provider, timeoutMs, userAgent } = options;
  const started = performance.now();
  const fail = (failure: GeocoderError['failure'], message: string, status?: number) => {
    const error = new GeocoderError(provider, failure, message, { status });
    log.warn(
      {
        geocoder: provider,
        path: url.pathname,
        failure,
        status,
        ms: Math.round(performance.now() - started),
      },
      'geocoder lookup failed',
    );
    return error;
  };
  const httpFailure = (status: number) =>
    fail('http', `${provider} answered HTTP ${status}`, status);

  let answer: UpstreamAnswer;
  try {
    answer = await fetchUpstream(url, {
      headers: {
        accept: 'application/json',
        'accept-language': 'es-MX,es;q=0.9',
        'user-agent': userAgent,
      },
      timeoutMs,
      maxBytes: MAX_BODY_BYTES,
    });
  } catch (error) {
    if (!(error instanceof UpstreamFailure)) throw error;
    // An error status is the failure, whatever became of the body behind it.
    if (error.status !== undefined && !isSuccess(error.status)) throw httpFailure(error.status);
    const { failure, message } = describeUpstreamFailure(provider, error, {
      timeoutMs,
      maxBytes: MAX_BODY_BYTES,
    });
    throw fail(failure, message);
  }

  if (!isSuccess(answer.status)) throw httpFailure(answer.status);
  const json = jsonOf(answer.text);
  if (json === undefined)
    throw fail('invalid_response', `${provider} sent a body that is not JSON`);
  return json;
}
