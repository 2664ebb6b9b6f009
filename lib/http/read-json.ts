import { safeParse, type $ZodType, type output } from 'zod/v4/core';
import type { FieldErrors } from '@/lib/api/errors';
import { ApiError } from './api-error';
import { BodyTooLarge, MAX_JSON_DEPTH, nestsDeeperThan, readTextWithin } from './read-body';

export const DEFAULT_BODY_LIMIT = 16 * 1024;

/**
 * Reads a JSON request body of at most `maxBytes` and validates it: 415 when it is not JSON, 413
 * when too large (checked while streaming, whatever Content-Length claims), 400 with per-field
 * messages when it does not fit the schema (classic zod or zod/mini alike).
 */
export async function readJson<S extends $ZodType>(
  request: Request,
  /** The schema, or a function that picks it from the parsed body (a request with two shapes). */
  schema: S | ((body: unknown) => S),
  { maxBytes = DEFAULT_BODY_LIMIT }: { maxBytes?: number } = {},
): Promise<output<S>> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(contentType)) {
    throw new ApiError('unsupported_media_type', 'Send the request as application/json.');
  }
  const text = await readTextWithin(request, maxBytes).catch((error: unknown) => {
    if (!(error instanceof BodyTooLarge)) throw error;
    throw new ApiError('payload_too_large', error.message);
  });
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    throw new ApiError('invalid_request', 'The request body nests too deeply.');
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ApiError('invalid_request', 'The request body is not valid JSON.');
  }
  const result = safeParse(typeof schema === 'function' ? schema(json) : schema, json);
  if (!result.success) {
    throw new ApiError('invalid_request', 'Some fields need attention.', {
      fields: fieldErrors(result.error.issues),
    });
  }
  return result.data;
}

/** zod issues → `{ "pickup.zipCode": "message" }`, the first message per field. */
export function fieldErrors(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}
