/**
 * The browser's one way to call the dispatch app's API: `callApi('quote', { body })` by the
 * endpoint's name, its request and answer typed by the endpoint's contract (lib/api). Only the
 * contracts' types come here, and the endpoints' methods and paths: no schema, no zod. Answers
 * that are not 2xx become a RequestError carrying the envelope's `code` (`{error:{code,message,
 * fields?}}`, lib/api/errors.ts); a request that never reached the server becomes `offline` or
 * `network`, so the screen can say so instead of showing a broken page. Either way the app's
 * network state (use-online.ts) hears of it.
 */
import type { AnswerOf, RequestOf } from '@/lib/api/contract';
import type { Contracts } from '@/lib/api/contracts';
import { ENDPOINTS, type EndpointName } from '@/lib/api/endpoints';
import type { ApiErrorCode, ErrorEnvelope, FieldErrors } from '@/lib/api/errors';
import { isServerUnreachable, reportNetworkFailure, reportServerAnswer } from './use-online';

/** What the screen itself says of a request that never got an answer. */
export type ScreenErrorCode = 'offline' | 'network' | 'timeout';

/**
 * A failed request's code: the API's own (lib/api/errors.ts), the screen's, or `http_<status>`
 * for an answer that carried no envelope (a proxy's error page).
 */
export type RequestErrorCode = ApiErrorCode | ScreenErrorCode | `http_${number}`;

export class RequestError extends Error {
  constructor(
    readonly code: RequestErrorCode,
    readonly status: number,
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

interface CallOptions {
  /** The path's `[name]` segments, filled in (encoded): `{ reference: 'DQ-7K3M9P' }`. */
  params?: Readonly<Record<string, string>>;
  signal?: AbortSignal;
  /** Gives up after this long: a slow courier is reported as `timeout`, not left spinning. */
  timeoutMs?: number;
}

/** A call's request (the query and body its contract declares) and its options. */
export type CallOf<N extends EndpointName> = RequestOf<Contracts[N]> & CallOptions;

/** A call's arguments: none needed when the endpoint takes neither query nor body. */
type CallArguments<N extends EndpointName> =
  object extends CallOf<N> ? [call?: CallOf<N>] : [call: CallOf<N>];

type QueryValue = string | readonly string[] | undefined;

/** `?name=value&…`, a list as the same name repeated, an absent value left out. */
function queryString(query: Readonly<Record<string, QueryValue>> | undefined): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    for (const one of [value].flat()) if (one !== undefined) params.append(name, one);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Calls an endpoint of the app's API by name; its answer, as its contract types it. */
export async function callApi<N extends EndpointName>(
  name: N,
  ...[call = {} as CallOf<N>]: CallArguments<N>
): Promise<AnswerOf<Contracts[N]>> {
  const { method, path } = ENDPOINTS[name];
  const {
    params,
    query,
    body,
    signal,
    timeoutMs = 20_000,
  } = call as CallOptions & {
    query?: Record<string, QueryValue>;
    body?: unknown;
  };
  const filled = path.replace(/\[(\w+)\]/g, (_, name: string) =>
    encodeURIComponent(params?.[name] ?? ''),
  );
  const payload = await fetchJson(`${filled}${queryString(query)}`, {
    method,
    body,
    signal,
    timeoutMs,
  });
  // The answer is the server's, typed by the same contract its handler answered with.
  return payload as AnswerOf<Contracts[N]>;
}

interface JsonRequest {
  method: string;
  body: unknown;
  signal?: AbortSignal;
  timeoutMs: number;
}

async function fetchJson(url: string, request: JsonRequest): Promise<unknown> {
  const { method, body, signal, timeoutMs } = request;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    throw new RequestError('offline', 0, 'offline');
  }
  // Known to be down already (a failed request, the screen opened from the worker's copy): a
  // failure now is the same lack of network, even where navigator.onLine has not noticed.
  const knownDown = isServerUnreachable();
  const timeout = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      cache: 'no-store',
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    if (timeout.aborted) throw new RequestError('timeout', 0, 'timeout');
    const offline = knownDown || (typeof navigator !== 'undefined' && navigator.onLine === false);
    reportNetworkFailure();
    throw new RequestError(offline ? 'offline' : 'network', 0, String(error));
  }
  reportServerAnswer();
  if (response.status === 204) return undefined;
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    // Read warily: a proxy or an older server may answer with something else than the envelope.
    const error = (payload as Partial<Record<keyof ErrorEnvelope, Record<string, unknown>>>)?.error;
    throw new RequestError(
      typeof error?.code === 'string' ? (error.code as ApiErrorCode) : `http_${response.status}`,
      response.status,
      typeof error?.message === 'string' ? error.message : response.statusText,
      error?.fields && typeof error.fields === 'object' ? (error.fields as FieldErrors) : undefined,
    );
  }
  return payload;
}
