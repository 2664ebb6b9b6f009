import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Proof that the address in `x-end-user-address` was named by the dispatch app itself, not by
 * any caller holding an API client's credentials (the demo client's are in the README). The app
 * signs the address and the time with a key derived from COURIER_JWT_SECRET, which its built-in
 * courier holds too; the courier believes the address only with a fresh, valid proof, and counts
 * anyone else's logins against their own connection's address. A legacy courier ignores the
 * header.
 */
export const END_USER_PROOF_HEADER = 'x-end-user-proof';

/** How old (or how far ahead, between two clocks) a proof may be: a replay window of a minute. */
export const END_USER_PROOF_MAX_AGE_SECONDS = 60;

const deriveKey = (secret: string) =>
  createHmac('sha256', secret).update('dispatch-quote x-end-user-address v1').digest();

const mac = (key: Buffer, address: string, issuedAt: number) =>
  createHmac('sha256', key).update(`${issuedAt}\n${address}`).digest();

/** `<unix seconds>.<base64url HMAC>` for `address`, as the app sends it. */
export function signEndUserAddress(
  address: string,
  secret: string,
  now: number = Date.now(),
): string {
  const issuedAt = Math.floor(now / 1000);
  return `${issuedAt}.${mac(deriveKey(secret), address, issuedAt).toString('base64url')}`;
}

/** Whether `proof` was made for `address` with `secret` within the replay window. */
export function verifyEndUserAddress(
  address: string,
  proof: string | null | undefined,
  secret: string,
  now: number = Date.now(),
): boolean {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(proof ?? '');
  if (!match) return false;
  const issuedAt = Number(match[1]);
  if (Math.abs(now / 1000 - issuedAt) > END_USER_PROOF_MAX_AGE_SECONDS) return false;
  const expected = mac(deriveKey(secret), address, issuedAt);
  return timingSafeEqual(Buffer.from(match[2]!, 'base64url'), expected);
}
