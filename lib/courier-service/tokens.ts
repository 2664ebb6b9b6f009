import 'server-only';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { errors, jwtVerify, SignJWT } from 'jose';
import { COURIER_CODE } from '../courier-api/wire';
import { CourierError } from './errors';

export const TOKEN_ISSUER = 'dispatch-quote-courier';
export const TOKEN_TYPE = 'expressat';

export interface TokenSettings {
  secret: string;
  ttlSeconds: number;
}

export interface IssuedToken {
  accessToken: string;
  expiresAt: Date;
}

export interface TokenClaims {
  accountId: number;
  clientId: string;
  expiresAt: Date;
}

const keyOf = (secret: string) => new TextEncoder().encode(secret);

/** An HS256 JWT for the account, addressed to the API client that logged it in. */
export async function issueToken(
  { accountId, clientId }: { accountId: number; clientId: string },
  { secret, ttlSeconds }: TokenSettings,
  now: Date,
): Promise<IssuedToken> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = issuedAt + ttlSeconds;
  const accessToken = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(TOKEN_ISSUER)
    .setAudience(clientId)
    .setSubject(String(accountId))
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(keyOf(secret));
  return { accessToken, expiresAt: new Date(expiresAt * 1000) };
}

/**
 * The claims of a token this service issued to one of `audiences`, or a CourierError: -156 when it
 * has expired (only once its signature is good), -155 for anything else — missing, forged, another
 * algorithm (`none` included, since only HS256 is accepted), another issuer or audience.
 */
export async function verifyToken(
  token: string | null | undefined,
  { secret, audiences, now }: { secret: string; audiences: readonly string[]; now?: Date },
): Promise<TokenClaims> {
  if (!token || token.length > 4096) throw new CourierError(COURIER_CODE.tokenInvalid);
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: [...audiences],
      requiredClaims: ['sub', 'exp', 'iat'],
      currentDate: now,
    });
    const accountId = Number(payload.sub);
    const clientId = Array.isArray(payload.aud) ? payload.aud[0] : payload.aud;
    if (!Number.isSafeInteger(accountId) || !clientId || payload.exp === undefined) {
      throw new CourierError(COURIER_CODE.tokenInvalid);
    }
    return { accountId, clientId, expiresAt: new Date(payload.exp * 1000) };
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new CourierError(COURIER_CODE.tokenExpired);
    if (error instanceof CourierError) throw error;
    throw new CourierError(COURIER_CODE.tokenInvalid);
  }
}

/**
 * The account an earlier token of this service was issued for, when `token` is one: signed by
 * this service for `audience`, issued within `maxAgeSeconds`, expired or not. Undefined for
 * anything else. A token is proof that its holder logged the account in through that API client.
 */
export async function earlierTokenAccount(
  token: string | null | undefined,
  { secret, audience, maxAgeSeconds }: { secret: string; audience: string; maxAgeSeconds: number },
): Promise<number | undefined> {
  if (!token || token.length > 4096) return undefined;
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience,
      requiredClaims: ['sub', 'exp', 'iat'],
      // Expired tokens prove the earlier login as well as live ones, within the proof's age.
      clockTolerance: maxAgeSeconds,
      maxTokenAge: maxAgeSeconds,
    });
    const accountId = Number(payload.sub);
    return Number.isSafeInteger(accountId) ? accountId : undefined;
  } catch {
    return undefined;
  }
}

/** `expires_in` as the legacy courier wrote it: `DD/MM/YY HH:mm`, local time in `timeZone`. */
export function formatExpiresIn(moment: Date, timeZone: string): string {
  return format(new TZDate(moment.getTime(), timeZone), 'dd/MM/yy HH:mm');
}
