// Not server-only: the screen reads these codes from the API's answers; codes and statuses only.

/**
 * The dispatch app's API errors, as the server sends them and the screen reads them: every answer
 * that is not 2xx is the envelope `{ error: { code, message, fields? } }`, its code one of these,
 * always with the HTTP status beside it.
 */
export const API_ERROR_STATUS = {
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
  /** The quote records' database does not answer (quotes are still answered). */
  records_unavailable: 503,
  courier_timeout: 504,
  geocoder_timeout: 504,
} as const;

export type ApiErrorCode = keyof typeof API_ERROR_STATUS;

/** Per-field messages, keyed by the field's dotted path in the request (`pickup.zipCode`). */
export type FieldErrors = Record<string, string>;

export interface ErrorEnvelope {
  error: { code: ApiErrorCode; message: string; fields?: FieldErrors };
}
