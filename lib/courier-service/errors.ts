// Not server-only: pure courier logic with no secret and no I/O, which bench/zone-growth loads
// through Vite (where 'server-only' throws); test/hardening/server-only-modules.test.ts keeps it
// out of the browser's graph.
import { COURIER_CODE, type CourierCode, type CourierErrorBody } from '../courier-api/wire';

export type FailureCode = Exclude<CourierCode, 0>;

/**
 * Each failure code, the HTTP status it has in the `http` error mode and the service's Spanish
 * message (docs/courier-api.md, "Result codes").
 */
export const COURIER_FAILURES: Record<FailureCode, { status: number; message: string }> = {
  [COURIER_CODE.malformed]: { status: 400, message: 'Formato invalido' },
  [COURIER_CODE.wrongAddresses]: {
    status: 422,
    message:
      'Direcciones invalidas: se requieren de 2 a 10 y un solo punto de recolección, que sea el origen',
  },
  [COURIER_CODE.dropoffOutOfCoverage]: {
    status: 422,
    message: 'El punto de entrega esta fuera de cobertura',
  },
  [COURIER_CODE.pickupOutOfCoverage]: {
    status: 422,
    message: 'El punto de recolección esta fuera de cobertura',
  },
  [COURIER_CODE.tokenInvalid]: { status: 401, message: 'Token invalido' },
  [COURIER_CODE.tokenExpired]: { status: 401, message: 'Token expirado' },
  [COURIER_CODE.unavailable]: { status: 503, message: 'Servicio no disponible' },
  [COURIER_CODE.tooManyAttempts]: {
    status: 429,
    message: 'Demasiados intentos fallidos, intente más tarde',
  },
  [COURIER_CODE.unknownClient]: { status: 401, message: 'Cliente no autorizado' },
  [COURIER_CODE.invalidEmail]: { status: 400, message: 'Correo Invalido' },
  // Never answered by this service (an unknown e-mail gets -194, so that nobody can probe which
  // e-mails have accounts); listed because the legacy service answers it and clients must know it.
  [COURIER_CODE.unknownUser]: {
    status: 401,
    message: 'No existe ningun usuario con el correo anterior',
  },
  [COURIER_CODE.wrongCredentials]: { status: 401, message: 'Usuario o contraseña incorrectos' },
};

/**
 * The courier service's one error type. A handler throws it; the courier route wrapper turns it
 * into `{code, message}`, and nothing else builds an error body.
 */
export class CourierError extends Error {
  readonly status: number;
  readonly retryAfterSeconds: number | undefined;
  readonly addressIndex: number | undefined;

  constructor(
    readonly code: FailureCode,
    options: {
      detail?: string;
      status?: number;
      retryAfterSeconds?: number;
      /** Which address of the order the failure is about (index as sent). */
      addressIndex?: number;
    } = {},
  ) {
    const failure = COURIER_FAILURES[code];
    super(options.detail ? `${failure.message}: ${options.detail}` : failure.message);
    this.name = 'CourierError';
    this.status = options.status ?? failure.status;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.addressIndex = options.addressIndex;
  }
}

/**
 * How the service answers the failures it decides itself: `legacy` over HTTP 200, as the legacy
 * service did (its clients read `code` only on a 200); `http` with the code's HTTP status.
 */
export type ErrorStatusMode = 'legacy' | 'http';

export function courierErrorResponse(error: CourierError, mode: ErrorStatusMode): Response {
  const body: CourierErrorBody = { code: error.code, message: error.message };
  if (error.addressIndex !== undefined) body.addressIndex = error.addressIndex;
  const headers = new Headers({ 'cache-control': 'no-store' });
  // Kept in both modes: harmless on a 200, and it still tells a careful client when to try again.
  if (error.retryAfterSeconds !== undefined) {
    headers.set('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
  }
  if (mode === 'http' && error.code === COURIER_CODE.unknownClient) {
    headers.set('www-authenticate', 'Basic realm="courier", charset="UTF-8"');
  }
  return Response.json(body, { status: mode === 'legacy' ? 200 : error.status, headers });
}

export function courierJson(body: unknown): Response {
  return Response.json(body, { headers: { 'cache-control': 'no-store' } });
}
