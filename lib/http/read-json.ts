import { safeParse, type $ZodType, type output } from 'zod/v4/core';
import { ApiError, type FieldErrors } from './api-error';

export const DEFAULT_BODY_LIMIT = 16 * 1024;

/**
 * How deep objects and arrays may nest in a request body. The app's and the courier's bodies
 * nest 6 levels at most; a body nested thousands deep parses, but would then overflow the stack
 * of whatever walks it (validation, echoing it back).
 */
export const MAX_JSON_DEPTH = 32;

/** Whether a JSON text nests objects and arrays deeper than `max` (text inside strings skipped). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i += 1; // a backslash escapes the next character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b || char === 0x5b) {
      depth += 1;
      if (depth > max) return true;
    } else if (char === 0x7d || char === 0x5d) {
      depth -= 1;
    }
  }
  return false;
}

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
  const text = await readTextWithin(request, maxBytes);
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

export async function readTextWithin(request: Request, maxBytes: number): Promise<string> {
  const tooLarge = () =>
    new ApiError('payload_too_large', `The request body is larger than ${maxBytes} bytes.`);
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
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
