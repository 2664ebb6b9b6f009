import 'server-only';
import { randomBytes } from 'node:crypto';
import { sealData, unsealData } from 'iron-session';
import { z } from 'zod';
import { env } from '@/lib/env';
import { cookieValues } from '@/lib/cookie-header';
import { isSecureRequest } from './cookie';
import { accountKey } from './revocations';

/**
 * The device cookie (OWASP's "device cookie" pattern): a browser where a dispatcher signed in
 * successfully is given one, per account — sealed with SESSION_SECRET, httpOnly, SameSite=Strict,
 * DEVICE_COOKIE_DAYS long. Its sign-ins skip the per-address and per-account limits that
 * strangers' guesses fill, and meet a limit of their own (five failures per 15 minutes per
 * device), so nobody can lock a dispatcher out of a device they used before. It carries the
 * courier token of its last sign-in, shown to the courier as proof of that success (the built-in
 * courier then applies the same rule; lib/courier-service/service.ts). It outlives sign-out: it
 * holds nothing of the dispatcher's trips and nothing a page can read.
 */
export const DEVICE_COOKIE_DAYS = 30;
const DEVICE_COOKIE = 'dq_device';

const deviceSchema = z.object({
  v: z.literal(1),
  account: z.string(),
  id: z.string().min(16),
  token: z.string().max(4096),
});

export interface KnownDevice {
  /** Random id of this device's trust: its failures are counted under it. */
  id: string;
  /** The courier token of the device's last sign-in (expired or not). */
  token: string;
}

/** One cookie per account a device signed in, named after the account's key (no e-mail in it). */
function deviceCookieName(email: string, secure: boolean): string {
  const name = `${DEVICE_COOKIE}_${accountKey(email, env.session.secret).slice(0, 16)}`;
  return secure ? `__Host-${name}` : name;
}

const normalized = (email: string) => email.trim().toLowerCase();

/** The device this request comes from, when it signed `email` in successfully before. */
export async function knownDevice(
  request: Request,
  email: string,
): Promise<KnownDevice | undefined> {
  const values = cookieValues(
    request.headers.get('cookie'),
    deviceCookieName(email, isSecureRequest(request)),
  );
  if (values.length !== 1 || !values[0]) return undefined;
  try {
    const data = await unsealData<unknown>(values[0], {
      password: env.session.secret,
      ttl: DEVICE_COOKIE_DAYS * 24 * 3600,
    });
    const device = deviceSchema.safeParse(data);
    if (!device.success || device.data.account !== normalized(email)) return undefined;
    return { id: device.data.id, token: device.data.token };
  } catch {
    return undefined;
  }
}

/** The Set-Cookie header that marks this device as one where `email` signed in with `token`. */
export async function deviceCookieFor(
  request: Request,
  { email, token, device }: { email: string; token: string; device?: KnownDevice },
): Promise<string> {
  const secure = isSecureRequest(request);
  const maxAge = DEVICE_COOKIE_DAYS * 24 * 3600;
  const sealed = await sealData(
    {
      v: 1,
      account: normalized(email),
      id: device?.id ?? randomBytes(18).toString('base64url'),
      token,
    },
    { password: env.session.secret, ttl: maxAge },
  );
  return `${deviceCookieName(email, secure)}=${sealed}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}
