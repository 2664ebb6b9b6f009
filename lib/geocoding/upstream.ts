import 'server-only';
import { request } from 'undici';
import packageJson from '@/package.json';
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

/**
 * GET an upstream geocoder's JSON answer within `timeoutMs` (connection, headers and body alike).
 * Every failure comes back as a GeocoderError: timeout, unreachable, HTTP error status, or a body
 * that is not JSON. The body is returned unparsed for the provider's own schema.
 */
export async function getUpstreamJson(url: URL, options: UpstreamOptions): Promise<unknown> {
  const { provider, timeoutMs, userAgent } = options;
  const signal = AbortSignal.timeout(timeoutMs);
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
  const timedOut = () => fail('timeout', `${provider} did not answer within ${timeoutMs} ms`);

  let response: Awaited<ReturnType<typeof request>>;
  try {
    response = await request(url, {
      method: 'GET',
      headers: {
        accept: 'application/json',
        'accept-language': 'es-MX,es;q=0.9',
        'user-agent': userAgent,
      },
      signal,
    });
  } catch {
    throw signal.aborted ? timedOut() : fail('unreachable', `${provider} could not be reached`);
  }

  const { statusCode, body } = response;
  if (statusCode < 200 || statusCode > 299) {
    body.dump().catch(() => {});
    throw fail('http', `${provider} answered HTTP ${statusCode}`, statusCode);
  }

  let text: string;
  try {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of body) {
      size += (chunk as Buffer).byteLength;
      if (size > MAX_BODY_BYTES) {
        body.destroy();
        throw fail('invalid_response', `${provider} sent more than ${MAX_BODY_BYTES} bytes`);
      }
      chunks.push(chunk as Buffer);
    }
    text = Buffer.concat(chunks).toString('utf8');
  } catch (error) {
    if (error instanceof GeocoderError) throw error;
    throw signal.aborted ? timedOut() : fail('unreachable', `${provider} broke off its answer`);
  }

  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw fail('invalid_response', `${provider} sent a body that is not JSON`);
  }
}
