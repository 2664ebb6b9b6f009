// Not server-only: the sign-in form validates with it in the browser; it holds field rules only.
import * as z from 'zod/mini';
import { SIGN_IN_FIELD_MAX_LENGTH as MAX_LENGTH } from '@/lib/courier-api/limits';
import { typedText } from '@/lib/quote/schema';

/** The sign-in form's fields: the same rules in the browser and in POST /api/session. */
export const signInSchema = z.object({
  email: z.string({ error: 'validation.required' }).check(
    z.trim(),
    z.minLength(1, 'validation.required'),
    z.maxLength(MAX_LENGTH.email, 'validation.emailTooLong'),
    // The e-mail is kept with each quote record and written in the logs.
    typedText(),
    z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'validation.email'),
  ),
  password: z
    .string({ error: 'validation.required' })
    .check(
      z.minLength(1, 'validation.required'),
      z.maxLength(MAX_LENGTH.password, 'validation.passwordTooLong'),
    ),
});
export type SignInInput = z.infer<typeof signInSchema>;
