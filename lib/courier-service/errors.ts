// Not server-only: pure courier logic with no secret and no I/O, which bench/zone-growth loads
// through Vite (where 'server-only' throws); test/hardening/server-only-modules.test.ts keeps it
// out of the browser's graph.
import { COURIER_CODE, type CourierCode, type CourierErrorBody } from '../courier-api/wire';

export type FailureCode = Exclude<CourierCode, 0>;

/** DESIGN.md's table: each failure code, its HTTP status and the service's Spanish message. */
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
  [COURIER_CODE.wrongCredentials]: { status: 401, message: 'Usuario o contraseña incorrectos' },
};

/**
 * The courier service's one error type. A handler throws it; the courier route wrapper turns it
 * into `{code, message}` with its HTTP status, and nothing else builds an error body.
 */
export class CourierError extends Error {
  readonly status: number;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly code: FailureCode,
    options: { detail?: string; status?: number; retryAfterSeconds?: number } = {},
  ) {
    const failure = COURIER_FAILURES[code];
    super(options.detail ? `${failure.message}: ${options.detail}` : failure.message);
    this.name = 'CourierError';
    this.status = options.status ?? failure.status;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export function courierErrorResponse(error: CourierError): Response {
  const body: CourierErrorBody = { code: error.code, message: error.message };
  const headers = new Headers({ 'cache-control': 'no-store' });
  if (error.retryAfterSeconds !== undefined) {
    headers.set('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
  }
  if (error.code === COURIER_CODE.unknownClient) {
    headers.set('www-authenticate', 'Basic realm="courier", charset="UTF-8"');
  }
  return Response.json(body, { status: error.status, headers });
}

export function courierJson(body: unknown): Response {
  return Response.json(body, { headers: { 'cache-control': 'no-store' } });
}
