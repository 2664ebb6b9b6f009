import 'server-only';
import { sealData, unsealData } from 'iron-session';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { env } from '@/lib/env';
import { processSingleton } from '@/lib/process-singleton';

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
  /** The courier's `idClient` of the account, when its login said (quote records' team). */
  courierClientId: z.number().int().optional(),
  login: z.object({ email: z.string(), password: z.string() }),
  token: z.object({
    value: z.string(),
    // Cookies sealed before tokens carried their issue time read as the oldest token there is.
    issuedAt: z.number().default(0),
    expiresAt: z.number(),
    renewAt: z.number(),
  }),
  /** When the dispatcher signed in (epoch ms); the session ends SESSION_MAX_AGE later. */
  startedAt: z.number(),
  /**
   * The address the dispatcher signed in from: token renewals name it to the courier, which saw
   * that address succeed, so a throttle on the account elsewhere never holds the session back.
   * Cookies sealed before it was kept renew with the address of the request at hand.
   */
  address: z.string().max(64).optional(),
});
export type SealedSession = z.output<typeof sealedSessionSchema>;
/** What may be sealed: a session whose token may lack its issue time (read as the oldest). */
export type SealableSession = z.input<typeof sealedSessionSchema>;

export const sessionMaxAgeMs = () => env.session.maxAgeSeconds * 1000;
export const sessionEndsAt = (session: Pick<SealedSession, 'startedAt'>) =>
  session.startedAt + sessionMaxAgeMs();

export async function sealSession(session: SealableSession): Promise<string> {
  // The seal outlives the session a little; the session's own end is checked from startedAt.
  return sealData(session, { password: env.session.secret, ttl: env.session.maxAgeSeconds + 60 });
}

/**
 * Cookies this process has unsealed lately. Unsealing (two PBKDF2 keys, HMAC, AES through
 * WebCrypto's thread pool) cost about 0.5 ms on every quote of the same cookie (bench/: what the
 * app adds to a quote). Only cookies that unsealed successfully are kept; whether the session has
 * ended or was signed out is still checked on every request by the caller.
 */
const unsealedCookies = () =>
  processSingleton(
    'session:unsealed-cookies',
    () =>
      new LRUCache<string, { secret: string; session: SealedSession }>({
        max: 5_000,
        ttl: 10 * 60_000,
      }),
  );

/** The session in a cookie value, or undefined when it is not one of ours (or was tampered with). */
export async function unsealSession(sealed: string): Promise<SealedSession | undefined> {
  const cached = unsealedCookies().get(sealed);
  if (cached && cached.secret === env.session.secret) return cached.session;
  try {
    const data = await unsealData<unknown>(sealed, {
      password: env.session.secret,
      ttl: env.session.maxAgeSeconds + 60,
    });
    const parsed = sealedSessionSchema.safeParse(data);
    if (!parsed.success) return undefined;
    unsealedCookies().set(sealed, { secret: env.session.secret, session: parsed.data });
    return parsed.data;
  } catch {
    return undefined;
  }
}
