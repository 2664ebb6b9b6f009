import 'server-only';
import { Agent } from 'undici';
import { env } from '@/lib/env';
import { fetchUpstream, jsonOf, UpstreamFailure } from '@/lib/http/fetch-upstream';
import type { log as rootLog } from '@/lib/log';
import { processSingleton } from '@/lib/process-singleton';
import {
  courierError,
  courierGarbled,
  courierTimeout,
  courierUnavailable,
  CourierTokenRejected,
  type CourierOperation,
} from './errors';
import type { ApiError } from '@/lib/http/api-error';

/** Courier answers are small; anything bigger is not one. */
const MAX_ANSWER_BYTES = 1024 * 1024;

/**
 * One connection pool per process with keep-alive, so a busy shift does not pay a TCP (and TLS)
 * handshake per quote.
 */
export const courierAgent = (): Agent =>
  processSingleton(
    'courier-agent',
    () =>
      new Agent({
        keepAliveTimeout: 10_000,
        keepAliveMaxTimeout: 60_000,
        connections: 64,
        pipelining: 1,
      }),
  );

interface CourierAnswer {
  status: number;
  /** The answer's Retry-After in seconds, when it said one (a courier's -165, say). */
  retryAfterSeconds?: number;
  /** The parsed JSON body; undefined when it is not JSON (an HTML error page, say) or over 1 MB. */
  json: unknown;
}

type Logger = typeof rootLog;

/**
 * An answer over 1 MB is still judged by its status (as one whose body is not JSON); any other
 * failure of the call is an unavailable courier, or a timeout, logged with its cause.
 */
function answerOrThrow(
  failure: UpstreamFailure,
  operation: CourierOperation,
  log: Logger,
  started: number,
): CourierAnswer {
  if (failure.kind === 'too_large') return { status: failure.status ?? 0, json: undefined };
  const timedOut = failure.kind === 'timeout';
  log.warn(
    {
      courier: operation,
      ms: Math.round(performance.now() - started),
      failure: timedOut ? 'timeout' : (failure.code ?? 'network'),
    },
    timedOut ? 'courier did not answer in time' : 'courier unreachable',
  );
  throw timedOut ? courierTimeout() : courierUnavailable();
}

/** An integer `code` whether the courier sent it as a number or as text. */
export function resultCode(json: unknown): number | undefined {
  if (typeof json !== 'object' || json === null || !('code' in json)) return undefined;
  const { code } = json as { code: unknown };
  const value = typeof code === 'string' && /^\s*-?\d+\s*$/.test(code) ? Number(code) : code;
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}

/** The built-in courier's `addressIndex` beside -113: which address of the order is out. */
function resultAddressIndex(json: unknown): number | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const { addressIndex } = json as { addressIndex?: unknown };
  return typeof addressIndex === 'number' && Number.isInteger(addressIndex) && addressIndex >= 0
    ? addressIndex
    : undefined;
}

function resultMessage(json: unknown): string | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const { message } = json as { message?: unknown };
  return typeof message === 'string' ? message : undefined;
}

/** A Retry-After header given in seconds (an HTTP date is not read), at most a day. */
function secondsOf(header: string | string[] | undefined): number | undefined {
  const text = Array.isArray(header) ? header[0] : header;
  if (!text || !/^\s*\d{1,6}\s*$/.test(text)) return undefined;
  return Math.min(Number(text), 86_400);
}

/**
 * POSTs JSON to the courier and returns the successful answer's JSON. Every failure is thrown as
 * the app's error (or CourierTokenRejected): a negative code over HTTP 200, an error status with
 * or without a JSON body, no answer within COURIER_TIMEOUT_MS, no connection at all.
 */
export async function postToCourier(
  operation: CourierOperation,
  path: string,
  body: unknown,
  headers: Record<string, string>,
  log: Logger,
): Promise<unknown> {
  const started = performance.now();
  let answer: CourierAnswer;
  try {
    // The request id travels along, so the courier's logs (the built-in one's at least) line up
    // with the app's.
    const { requestId } = log.bindings() as { requestId?: unknown };
    const {
      status,
      headers: answerHeaders,
      text,
    } = await fetchUpstream(new URL(`${env.courier.baseUrl}${path}`), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(typeof requestId === 'string' ? { 'x-request-id': requestId } : {}),
        ...headers,
      },
      body: JSON.stringify(body),
      timeoutMs: env.courier.timeoutMs,
      maxBytes: MAX_ANSWER_BYTES,
      dispatcher: courierAgent(),
    });
    answer = {
      status,
      retryAfterSeconds: secondsOf(answerHeaders['retry-after']),
      json: jsonOf(text),
    };
  } catch (error) {
    if (!(error instanceof UpstreamFailure)) throw error;
    answer = answerOrThrow(error, operation, log, started);
  }

  const code = resultCode(answer.json);
  const ms = Math.round(performance.now() - started);
  const ok = answer.status >= 200 && answer.status < 300 && (code === undefined || code === 0);
  if (ok && answer.json !== undefined && typeof answer.json === 'object') {
    log.debug({ courier: operation, status: answer.status, code, ms }, 'courier answered');
    return answer.json;
  }
  const failure: ApiError | CourierTokenRejected = ok
    ? courierGarbled()
    : courierError(operation, {
        status: answer.status,
        code,
        message: resultMessage(answer.json),
        addressIndex: resultAddressIndex(answer.json),
        retryAfterSeconds: answer.retryAfterSeconds,
      });
  log.info(
    {
      courier: operation,
      status: answer.status,
      code,
      courierMessage: resultMessage(answer.json)?.slice(0, 200),
      ms,
      outcome: failure instanceof CourierTokenRejected ? 'token_rejected' : failure.code,
    },
    'courier refused',
  );
  throw failure;
}
