import type { $ZodType, output } from 'zod/v4/core';
import { ApiError } from './api-error';
import { readJson } from './read-json';
import { requestLanguage, validationMessage } from '@/lib/quote/validation-messages';

/**
 * readJson whose per-field messages (stable keys in the schema) come back in the request's
 * language: English when the browser prefers it, Spanish otherwise.
 */
export async function readLocalizedJson<S extends $ZodType>(
  request: Request,
  schema: S | ((body: unknown) => S),
  options: { maxBytes?: number } = {},
): Promise<output<S>> {
  try {
    return await readJson(request, schema, options);
  } catch (error) {
    if (!(error instanceof ApiError) || !error.details.fields) throw error;
    const language = requestLanguage(request);
    const fields = Object.fromEntries(
      Object.entries(error.details.fields).map(([path, key]) => [
        path,
        validationMessage(key, language),
      ]),
    );
    throw new ApiError(error.code, validationMessage('validation.summary', language), { fields });
  }
}
