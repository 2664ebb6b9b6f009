import {
  API_ERROR_STATUS,
  type ApiErrorCode,
  type ErrorEnvelope,
  type FieldErrors,
} from '@/lib/api/errors';

/**
 * The dispatch app's errors: one type with a code, a status and a human message, turned into the
 * JSON envelope `{ error: { code, message, fields? } }` by `errorResponse` and nowhere else. The
 * codes and their statuses are the API's contract (lib/api/errors.ts), shared with the screen.
 */
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
    this.status = API_ERROR_STATUS[code];
  }
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
