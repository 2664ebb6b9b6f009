import 'server-only';
import { Agent, type Dispatcher } from 'undici';
import { processSingleton } from '@/lib/process-singleton';

/**
 * One HTTP call to a service this app depends on (a geocoder, a road router, the courier), read
 * whole into memory within a deadline and a size cap. The geocoders, the routers and the courier
 * client each turn an UpstreamFailure into their own error; the status and body of any answer
 * that arrived whole are theirs to judge.
 *
 * It goes through undici's dispatch handlers: no response stream and no AbortSignal per call. For
 * answers this small that is about 25 µs of CPU per call instead of 57 (undici's request() and its
 * body stream, measured over loopback on the courier's quotes). The deadline covers the whole
 * exchange, from waiting for a connection to the last byte.
 */

/**
 * Why a call gave no answer to read. `timeout`: not whole within the deadline; `unreachable`: no
 * connection, or the request could not be sent; `broken_off`: the answer began, then the
 * connection failed; `too_large`: the body went past the cap (the connection is hung up then, not
 * read to its end).
 */
export type UpstreamFailureKind = 'timeout' | 'unreachable' | 'broken_off' | 'too_large';

export class UpstreamFailure extends Error {
  constructor(
    readonly kind: UpstreamFailureKind,
    /** The answer's HTTP status, when its headers had arrived. */
    readonly status?: number,
    /** The connection's own error code (ECONNREFUSED, UND_ERR_SOCKET…), for the logs. */
    readonly code?: string,
  ) {
    super(`upstream call failed: ${kind}`);
    this.name = 'UpstreamFailure';
  }
}

export interface UpstreamRequest {
  method?: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  maxBytes: number;
  /** The connection pool (the courier keeps one of its own); the shared `upstreamAgent` by default. */
  dispatcher?: Dispatcher;
}

export interface UpstreamAnswer {
  status: number;
  /** The answer's headers, names in lower case. */
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * The geocoders' and routers' connection pool. Not undici's global dispatcher: once Node's own
 * fetch has run, that is Node's bundled undici, whose dispatch() does not know these handlers.
 */
const upstreamAgent = (): Dispatcher => processSingleton('http:upstream-agent', () => new Agent());

/** Ends the exchange when the deadline passes (the connection is given up with it). */
class Deadline extends Error {}

const codeOf = (error: unknown) => {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
};

export function fetchUpstream(url: URL, request: UpstreamRequest): Promise<UpstreamAnswer> {
  const { method = 'GET', headers, body, timeoutMs, maxBytes } = request;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let status: number | undefined;
    let answerHeaders: UpstreamAnswer['headers'] = {};
    let controller: Dispatcher.DispatchController | undefined;
    let settled = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      done();
    };
    const fail = (kind: UpstreamFailureKind, code?: string) =>
      settle(() => reject(new UpstreamFailure(kind, status, code)));
    const timer = setTimeout(() => {
      fail('timeout');
      controller?.abort(new Deadline());
    }, timeoutMs);
    try {
      (request.dispatcher ?? upstreamAgent()).dispatch(
        { origin: url.origin, path: url.pathname + url.search, method, headers, body },
        {
          onRequestStart(requestController) {
            controller = requestController;
            if (settled) requestController.abort(new Deadline());
          },
          onResponseStart(_controller, statusCode, responseHeaders) {
            status = statusCode;
            answerHeaders = responseHeaders;
          },
          onResponseData(responseController, chunk) {
            size += chunk.byteLength;
            if (size <= maxBytes) {
              chunks.push(chunk);
              return;
            }
            fail('too_large');
            responseController.abort(new Error('upstream answer too large'));
          },
          onResponseEnd() {
            settle(() =>
              resolve({
                status: status ?? 0,
                headers: answerHeaders,
                text: Buffer.concat(chunks).toString('utf8'),
              }),
            );
          },
          onResponseError(_controller, error) {
            fail(status === undefined ? 'unreachable' : 'broken_off', codeOf(error));
          },
        },
      );
    } catch (error) {
      fail('unreachable', codeOf(error));
    }
  });
}

/** A body's JSON, or undefined when it is not JSON (an HTML error page, say). */
export function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * How the geocoders and the routers word a failure for their logs and errors: what they call a
 * timeout, an unreachable server or an answer that is not one.
 */
export function describeUpstreamFailure(
  provider: string,
  failure: UpstreamFailure,
  { timeoutMs, maxBytes }: Pick<UpstreamRequest, 'timeoutMs' | 'maxBytes'>,
): { failure: 'timeout' | 'unreachable' | 'invalid_response'; message: string } {
  switch (failure.kind) {
    case 'timeout':
      return { failure: 'timeout', message: `${provider} did not answer within ${timeoutMs} ms` };
    case 'too_large':
      return {
        failure: 'invalid_response',
        message: `${provider} sent more than ${maxBytes} bytes`,
      };
    case 'broken_off':
      return { failure: 'unreachable', message: `${provider} broke off its answer` };
    case 'unreachable':
      return { failure: 'unreachable', message: `${provider} could not be reached` };
  }
}
