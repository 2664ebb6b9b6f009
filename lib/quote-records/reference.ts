import 'server-only';
import { createHash, randomBytes, randomInt } from 'node:crypto';

/**
 * Characters a reference is made of: digits and capitals that cannot be mistaken for one another
 * when read aloud or written down (no 0/O, 1/I/L) and no U (Crockford's base 32 less 0 and 1).
 */
export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const REFERENCE_PREFIX = 'DQ-';
export const REFERENCE_LENGTH = 6;

/** `DQ-7K3M9P`: 30⁶ ≈ 729 million, drawn with crypto; the database's constraint keeps it unique. */
export function newReference(): string {
  let code = '';
  for (let i = 0; i < REFERENCE_LENGTH; i += 1) {
    code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  }
  return REFERENCE_PREFIX + code;
}

const REFERENCE_TEXT = new RegExp(`^(?:DQ[\\s-]?)?([${REFERENCE_ALPHABET}]{${REFERENCE_LENGTH}})$`);

/**
 * A reference as a person may type it ("dq-7k3m9p", "DQ 7K3M9P", "7k3m9p") in its one written
 * form, or undefined when the text cannot be one.
 */
export function normalizeReference(text: string): string | undefined {
  const match = REFERENCE_TEXT.exec(text.trim().toUpperCase());
  return match ? REFERENCE_PREFIX + match[1] : undefined;
}

/** The customer link's token: 128 random bits, base64url (22 characters). */
export function newCustomerToken(): string {
  return randomBytes(16).toString('base64url');
}

/** What the database keeps to find a record by its link: SHA-256 of the token. */
export function customerTokenHash(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** A token's shape, checked before any lookup: anything else is not one of ours. */
export const isCustomerToken = (text: string) => /^[A-Za-z0-9_-]{22}$/.test(text);

export const customerUrlOf = (token: string) => `/c/${token}`;
