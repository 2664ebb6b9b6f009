/**
 * The dispatch app's errors: one type with a code, a status and a human message, turned into the
 * JSON envelope `{ error: { code, message, fields? } }` by `errorResponse` and nowhere else.
 */

const STATUS = {
  invalid_request: 400,
  unauthenticated: 401,
  invalid_credentials: 401,
  session_expired: 401,
  forbidden_origin: 403,
  not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  unsupported_media_type: 415,
  pickup_out_of_coverage: 422,
  dropoff_out_of_coverage: 422,
  courier_rejected: 422,
  single_dropoff_courier: 422,
  rate_limited: 429,
  internal_error: 500,
  courier_error: 502,
  courier_unavailable: 503,
  geocoder_unavailable: 503,
  courier_timeout: 504,
  geocoder_timeout: 504,
} as const;

export type ApiErrorCode = keyof typeof STATUS;

/** Per-field messages, keyed by the field's dotted path in the request (`pickup.zipCode`). */
export type FieldErrors = Record<string, string>;

export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly details: {
      fields?: FieldErrors;
      retryAfterSeconds?: number;
      /** The courier's own result code behind a courier_rejected (never sent to the browser). */
      courierCode?: number;
    } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = STATUS[code];
  }
}

export interface ErrorEnvelope {
  error: { code: ApiErrorCode; message: string; fields?: FieldErrors };
}

/** An ApiError as its response; anything else as a bare 500 that says nothing of the cause. */
export function errorResponse(error: unknown): Response {
  const known =
    error instanceof ApiError
      ? error
      : new ApiError('internal_error', 'Something went wrong on our side. Please try again.');
  const body: ErrorEnvelope = { error: { code: known.code, message: known.message } };
  if (known.details.fields) body.error.fields = known.details.fields;
  const headers = new Headers({ 'cache-control': 'no-store' });
  if (known.details.retryAfterSeconds !== undefined) {
    headers.set('retry-after', String(Math.max(1, Math.ceil(known.details.retryAfterSeconds))));
  }
  return Response.json(body, { status: known.status, headers });
}
