// Shared by the courier service and scripts/add-account.mjs (plain JavaScript so that the script
// runs on Node without a build step). No secrets live here: only the hashing scheme.
// Not server-only: plain Node runs it for scripts/add-account.mjs, where 'server-only' throws; it
// holds no secret, and nothing in the browser imports it.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt cost: N=2^14, r=8, p=1 (16 MiB, tens of milliseconds per check). */
export const SCRYPT_PARAMS = Object.freeze({ N: 16384, r: 8, p: 1 });
const KEY_LENGTH = 32;
const SALT_BYTES = 16;
// Bounds for hashes read from a file, so that a tampered file cannot make one login eat the machine.
const MAX_N = 1 << 20;
const MAX_R = 32;
const MAX_P = 16;

/**
 * @param {string} password
 * @param {Buffer} salt
 * @param {{N: number, r: number, p: number}} params
 * @param {number} keyLength
 * @returns {Promise<Buffer>}
 */
function derive(password, salt, params, keyLength) {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFC'),
      salt,
      keyLength,
      { ...params, maxmem: 128 * params.N * params.r * params.p + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/**
 * A self-describing hash: `scrypt$N=16384,r=8,p=1$<salt>$<key>` (salt and key in base64url), so the
 * cost can be raised later without breaking existing accounts.
 * @param {string} password
 * @returns {Promise<string>}
 */
export async function hashPassword(password) {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, SCRYPT_PARAMS, KEY_LENGTH);
  const { N, r, p } = SCRYPT_PARAMS;
  return `scrypt$N=${N},r=${r},p=${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/**
 * @param {string} stored
 * @returns {{params: {N: number, r: number, p: number}, salt: Buffer, key: Buffer} | undefined}
 */
export function parsePasswordHash(stored) {
  const match = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([\w-]+)\$([\w-]+)$/.exec(stored);
  if (!match) return undefined;
  const [N, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const powerOfTwo = N > 1 && (N & (N - 1)) === 0;
  if (!powerOfTwo || N > MAX_N || r < 1 || r > MAX_R || p < 1 || p > MAX_P) return undefined;
  const salt = Buffer.from(/** @type {string} */ (match[4]), 'base64url');
  const key = Buffer.from(/** @type {string} */ (match[5]), 'base64url');
  if (salt.length < 8 || key.length < 16) return undefined;
  return { params: { N, r, p }, salt, key };
}

/**
 * Constant-time check of a password against a stored hash; false for a malformed hash.
 * @param {string} password
 * @param {string} stored
 * @returns {Promise<boolean>}
 */
export async function verifyPassword(password, stored) {
  const parsed = parsePasswordHash(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}
