import 'server-only';
import type { $ZodType, output } from 'zod/v4/core';
import { localeOfRequest } from '@/lib/i18n/locale-choice';
import { validationTextIn } from '@/lib/i18n/validation-text';
import { ApiError } from './api-error';
import { readJson } from './read-json';

/**
 * readJson whose per-field messages (stable keys in the schema) come back in the request's
 * language (lib/i18n/locale-choice.ts decides), with the screen's own texts.
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
    const text = await validationTextIn(localeOfRequest(request.headers));
    const fields = Object.fromEntries(
      Object.entries(error.details.fields).map(([path, key]) => [path, text(key)]),
    );
    throw new ApiError(error.code, text('validation.summary'), { fields });
  }
}
