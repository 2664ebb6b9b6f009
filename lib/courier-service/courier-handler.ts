import 'server-only';
import { randomUUID } from 'node:crypto';
import { safeParse, type $ZodType, type output } from 'zod/v4/core';
import { env } from '../env';
import { BodyTooLarge, MAX_JSON_DEPTH, nestsDeeperThan, readTextWithin } from '../http/read-body';
import { log } from '../log';
import { COURIER_CODE, END_USER_ADDRESS_HEADER } from '../courier-api/wire';
import { END_USER_PROOF_HEADER, verifyEndUserAddress } from '../courier-api/end-user-address';
import { COURIER_BODY_LIMIT_BYTES } from './body-limit';
import { CourierError, courierErrorResponse } from './errors';
import { clientAddressOf } from '../http/client-address';
import { clientWentAway } from '../http/client-went-away';

export interface CourierRequestContext {
  log: typeof log;
  /** The caller's own address (TRUST_PROXY rules, lib/http/client-address.ts). */
  clientAddress: string;
  /**
   * Whom the caller acts for: the address the dispatch app names in `x-end-user-address`, signed
   * (lib/courier-api/end-user-address.ts), else the caller's own — an address any other caller
   * names is not believed. Only the login reads it; its counts are kept per API client.
   */
  endUserAddress: string;
  /** The JSON body, at most 64 KB, validated by `schema`; every failure is a -100. */
  readBody<S extends $ZodType>(schema: S): Promise<output<S>>;
}

type CourierOperation = (request: Request, context: CourierRequestContext) => Promise<Response>;

/**
 * The one wrapper around every route of the built-in courier: answers 404 when the service is
 * switched off, reads bodies within the size limit, and turns every failure into the courier's
 * `{code, message}` body — over HTTP 200 in the `legacy` error mode, with the code's status in the
 * `http` mode (COURIER_ERROR_STATUS; docs/courier-api.md, "Two error modes"). A body that is too
 * large, not declared as JSON or not JSON is the service's own decision too, so it follows the
 * mode like any other failure. Nothing throws past it; an unexpected fault is logged (without its
 * stack) and answered as -160 "Servicio no disponible".
 */
export function courierHandler(handler: CourierOperation): (request: Request) => Promise<Response> {
  return async (request) => {
    if (!env.courierService.enabled) return new Response('Not Found', { status: 404 });
    const requestLog = log.child({
      requestId: request.headers.get('x-request-id')?.slice(0, 64) || randomUUID(),
      service: 'courier',
      path: new URL(request.url).pathname,
    });
    const started = performance.now();
    let response: Response;
    // In the legacy mode a failure is a 200 too: the log names its code.
    let code: number | undefined;
    const address = clientAddressOf(request, env.trustProxy);
    const statedEndUser = request.headers.get(END_USER_ADDRESS_HEADER)?.trim().slice(0, 64);
    const endUserAddress =
      statedEndUser &&
      verifyEndUserAddress(
        statedEndUser,
        request.headers.get(END_USER_PROOF_HEADER),
        env.courierService.jwtSecret,
      )
        ? statedEndUser
        : address;
    try {
      response = await handler(request, {
        log: requestLog,
        clientAddress: address,
        endUserAddress,
        readBody: (schema) => readCourierBody(request, schema),
      });
    } catch (error) {
      if (clientWentAway(request, error)) {
        // Nobody is left to answer; not a fault of the service.
        requestLog.info({ address }, 'caller went away before the answer');
      } else if (!(error instanceof CourierError)) {
        requestLog.error({ fault: describeFault(error) }, 'courier service fault');
      }
      const failure =
        error instanceof CourierError ? error : new CourierError(COURIER_CODE.unavailable);
      code = failure.code;
      response = courierErrorResponse(failure, env.courierService.errorStatus);
    }
    requestLog.info(
      { status: response.status, code, ms: Math.round(performance.now() - started) },
      'courier request handled',
    );
    return response;
  };
}

async function readCourierBody<S extends $ZodType>(
  request: Request,
  schema: S,
): Promise<output<S>> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(contentType)) {
    throw new CourierError(COURIER_CODE.malformed, {
      status: 415,
      detail: 'se espera Content-Type: application/json',
    });
  }
  let text: string;
  try {
    text = await readTextWithin(request, COURIER_BODY_LIMIT_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLarge) {
      throw new CourierError(COURIER_CODE.malformed, {
        status: 413,
        detail: `el cuerpo excede ${COURIER_BODY_LIMIT_BYTES / 1024} KB`,
      });
    }
    throw error;
  }
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    throw new CourierError(COURIER_CODE.malformed, {
      detail: `el cuerpo anida más de ${MAX_JSON_DEPTH} niveles`,
    });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new CourierError(COURIER_CODE.malformed, { detail: 'el cuerpo no es JSON' });
  }
  const result = safeParse(schema, json);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue?.path.map(String).join('.');
    throw new CourierError(COURIER_CODE.malformed, {
      detail: field ? `revise el campo ${field}` : 'estructura inesperada',
    });
  }
  return result.data;
}

/** What went wrong, for the log: the kind and message of the fault, never its stack. */
function describeFault(error: unknown): Record<string, unknown> {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return { type: error.name, message: error.message, ...(code ? { code } : {}) };
  }
  return { type: typeof error };
}
