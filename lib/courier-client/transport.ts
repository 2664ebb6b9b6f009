import 'server-only';
import { Agent, request } from 'undici';
import { env } from '@/lib/env';
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

export interface CourierAnswer {
  status: number;
  /** The parsed JSON body, or undefined when the body is not JSON (an HTML error page, say). */
  json: unknown;
}

type Logger = typeof rootLog;

/** An integer `code` whether the courier sent it as a number or as text. */
export function resultCode(json: unknown): number | undefined {
  if (typeof json !== 'object' || json === null || !('code' in json)) return undefined;
  const { code } = json as { code: unknown };
  const value = typeof code === 'string' && /^\s*-?\d+\s*$/.test(code) ? Number(code) : code;
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}

function resultMessage(json: unknown): string | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const { message } = json as { message?: unknown };
  return typeof message === 'string' ? message : undefined;
}

async function readCapped(body: AsyncIterable<Uint8Array>): Promise<string | undefined> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > MAX_ANSWER_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
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
  // Not AbortSignal.timeout(): its timer keeps the signal, and through undici's listener the
  // whole request, alive until it fires. With a 10 s timeout a busy server held ~40 MB of finished
  // requests and V8 kept growing its heap (bench/: memory). This deadline ends with the call.
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), env.courier.timeoutMs);
  const { signal } = deadline;
  let answer: CourierAnswer;
  try {
    // The request id travels along, so the courier's logs (the built-in one's at least) line up
    // with the app's.
    const { requestId } = log.bindings() as { requestId?: unknown };
    const response = await request(`${env.courier.baseUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(typeof requestId === 'string' ? { 'x-request-id': requestId } : {}),
        ...headers,
      },
      body: JSON.stringify(body),
      dispatcher: courierAgent(),
      signal,
    });
    const text = await readCapped(response.body);
    let json: unknown;
    try {
      json = text === undefined ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    answer = { status: response.statusCode, json };
  } catch (error) {
    const timedOut = signal.aborted;
    log.warn(
      {
        courier: operation,
        ms: Math.round(performance.now() - started),
        failure: timedOut ? 'timeout' : ((error as { code?: string }).code ?? 'network'),
      },
      timedOut ? 'courier did not answer in time' : 'courier unreachable',
    );
    throw timedOut ? courierTimeout() : courierUnavailable();
  } finally {
    clearTimeout(timer);
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
