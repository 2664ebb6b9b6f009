import 'server-only';
import { createTranslator } from 'use-intl/core';
import { VALIDATION_KEYS, type ValidationKey } from '@/lib/quote/schema';
import { validationValues } from '@/lib/quote/validation-values';
import type { Locale } from './config';
import { loadMessages } from './load-messages';

const isValidationKey = (message: string): message is ValidationKey =>
  (VALIDATION_KEYS as readonly string[]).includes(message);

/**
 * The shared schemas' messages (stable keys such as `validation.zipCode`) as the API sends them,
 * from the same catalogs the screen shows (messages/*.json, section `validation`): one text per
 * key and language. Anything that is not such a key is passed through as it is.
 */
export async function validationTextIn(locale: Locale): Promise<(message: string) => string> {
  const t = createTranslator({ locale, messages: await loadMessages(locale) });
  return (message) => (isValidationKey(message) ? t(message, validationValues(message)) : message);
}
