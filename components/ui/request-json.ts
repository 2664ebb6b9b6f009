/**
 * The browser's one way to call the dispatch app's API. Answers that are not 2xx become a
 * RequestError carrying the envelope's `code` (README, "The dispatch app's API": `{error:{code,message,fields?}}`);
 * a request that never reached the server becomes `offline` or `network`, so the screen can say so
 * instead of showing a broken page. Either way the app's network state (use-online.ts) hears of it.
 */
import { isServerUnreachable, reportNetworkFailure, reportServerAnswer } from './use-online';

export class RequestError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

interface Options {
  method?: 'GET' | 'POST' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Gives up after this long: a slow courier is reported as `timeout`, not left spinning. */
  timeoutMs?: number;
}

export async function requestJson<T>(
  url: string,
  { method = 'GET', body, signal, timeoutMs = 20_000 }: Options = {},
): Promise<T> {
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
  if (response.status === 204) return undefined as T;
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = (payload as { error?: { code?: unknown; message?: unknown; fields?: unknown } })
      ?.error;
    throw new RequestError(
      typeof error?.code === 'string' ? error.code : `http_${response.status}`,
      response.status,
      typeof error?.message === 'string' ? error.message : response.statusText,
      error?.fields && typeof error.fields === 'object'
        ? (error.fields as Record<string, string>)
        : undefined,
    );
  }
  return payload as T;
}
