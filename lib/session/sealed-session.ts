import 'server-only';
import { sealData, unsealData } from 'iron-session';
import { z } from 'zod';
import { env } from '@/lib/env';

/**
 * What the session cookie holds, sealed (AES-256-CBC + HMAC-SHA-256, iron) with SESSION_SECRET.
 * The dispatcher's courier credentials are in it because the courier has no refresh token: the
 * only way to renew an expired token without asking the dispatcher again is to sign in again.
 */
const sealedSessionSchema = z.object({
  v: z.literal(1),
  /** Random id: keys the per-process token cache, renewals and sign-out. */
  sid: z.string().min(16),
  user: z.object({ email: z.string(), name: z.string(), zone: z.string().optional() }),
  login: z.object({ email: z.string(), password: z.string() }),
  token: z.object({ value: z.string(), expiresAt: z.number(), renewAt: z.number() }),
  /** When the dispatcher signed in (epoch ms); the session ends SESSION_MAX_AGE later. */
  startedAt: z.number(),
});
export type SealedSession = z.infer<typeof sealedSessionSchema>;

export const sessionMaxAgeMs = () => env.session.maxAgeSeconds * 1000;
export const sessionEndsAt = (session: Pick<SealedSession, 'startedAt'>) =>
  session.startedAt + sessionMaxAgeMs();

export async function sealSession(session: SealedSession): Promise<string> {
  // The seal outlives the session a little; the session's own end is checked from startedAt.
  return sealData(session, { password: env.session.secret, ttl: env.session.maxAgeSeconds + 60 });
}

/** The session in a cookie value, or undefined when it is not one of ours (or was tampered with). */
export async function unsealSession(sealed: string): Promise<SealedSession | undefined> {
  try {
    const data = await unsealData<unknown>(sealed, {
      password: env.session.secret,
      ttl: env.session.maxAgeSeconds + 60,
    });
    const parsed = sealedSessionSchema.safeParse(data);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
