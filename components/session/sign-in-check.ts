import * as z from 'zod/mini';
import type { ValidationKey } from '@/lib/quote/schema';
import { signInSchema, type SignInInput } from '@/lib/api/sign-in-schema';

type SignInField = keyof SignInInput;

/** A text of the catalogs: the sign-in form's own words, or the shared validation message. */
export type SignInFieldMessage =
  | 'signIn.errors.emailRequired'
  | 'signIn.errors.emailInvalid'
  | 'signIn.errors.passwordRequired'
  | ValidationKey;

/** Where the form has words of its own ("Escribe tu correo electrónico.") for a schema's message. */
const OWN_WORDS: Record<SignInField, Partial<Record<ValidationKey, SignInFieldMessage>>> = {
  email: {
    'validation.required': 'signIn.errors.emailRequired',
    'validation.email': 'signIn.errors.emailInvalid',
  },
  password: { 'validation.required': 'signIn.errors.passwordRequired' },
};

/**
 * The sign-in fields checked with the very schema POST /api/session checks them with: what to send
 * (the e-mail trimmed), or the first message of each field that does not pass.
 */
export function checkSignIn(
  values: Record<SignInField, string>,
):
  | { ok: true; input: SignInInput }
  | { ok: false; errors: Partial<Record<SignInField, SignInFieldMessage>> } {
  const result = z.safeParse(signInSchema, values);
  if (result.success) return { ok: true, input: result.data };
  const errors: Partial<Record<SignInField, SignInFieldMessage>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as SignInField;
    // The schema's messages are keys of the catalogs' validation section.
    const key = issue.message as ValidationKey;
    errors[field] ??= OWN_WORDS[field][key] ?? key;
  }
  return { ok: false, errors };
}
