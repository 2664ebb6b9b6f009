// Not server-only: field rules and the dispatcher's own name; the screen imports its types only.
import { z } from 'zod';
import { signInSchema } from './sign-in-schema';
import { defineContract } from './contract';
import { ENDPOINTS } from './endpoints';

/** The signed-in dispatcher, as the screen names them. */
export const dispatcherSchema = z.strictObject({
  email: z.string(),
  name: z.string(),
  /** The dispatcher's home zone as the courier names it (e.g. "cdmx"), when it said. */
  zone: z.string().optional(),
});
export type Dispatcher = z.infer<typeof dispatcherSchema>;

export const sessionAnswerSchema = z.strictObject({ user: dispatcherSchema });
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;

/** POST /api/session: the courier checks the password; the session goes into a sealed httpOnly cookie. */
export const signInContract = defineContract({
  ...ENDPOINTS.signIn,
  summary: 'Sign in with the courier account; the session is a sealed httpOnly cookie',
  signedIn: false,
  body: signInSchema,
  maxBodyBytes: 4 * 1024,
  answer: sessionAnswerSchema,
  errors: [
    'invalid_credentials',
    'rate_limited',
    'courier_error',
    'courier_unavailable',
    'courier_timeout',
  ],
});

/** GET /api/session: who is signed in. */
export const currentSessionContract = defineContract({
  ...ENDPOINTS.currentSession,
  summary: 'Who is signed in',
  signedIn: true,
  answer: sessionAnswerSchema,
  errors: [],
});

/** DELETE /api/session: sign out on this device (204, also without a session). */
export const signOutContract = defineContract({
  ...ENDPOINTS.signOut,
  summary: 'Sign out on this device',
  signedIn: false,
  errors: [],
});

/**
 * POST /api/session/everywhere: every session of the dispatcher's account ends, on every device.
 * Allowed to a signed-in dispatcher, or to the browser that signed out of that account minutes ago.
 */
export const signOutEverywhereContract = defineContract({
  ...ENDPOINTS.signOutEverywhere,
  summary: 'Sign out every session of the account, on every device',
  signedIn: false,
  /** Neither a session nor a recent sign-out's note. */
  errors: ['unauthenticated'],
});
