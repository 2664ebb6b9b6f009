import { describe, expect, it } from 'vitest';
import { signEndUserAddress, verifyEndUserAddress } from './end-user-address';

const SECRET = 'courier-jwt-secret-for-the-proof-tests-0123';
const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);

describe('the app’s proof of the dispatcher’s address', () => {
  it('is believed for the address it was made for, with the same key, within a minute', () => {
    const proof = signEndUserAddress('198.51.100.7', SECRET, NOW);
    expect(verifyEndUserAddress('198.51.100.7', proof, SECRET, NOW)).toBe(true);
    expect(verifyEndUserAddress('198.51.100.7', proof, SECRET, NOW + 59_000)).toBe(true);
  });

  it('is not believed for another address, with another key, once stale, or made up', () => {
    const proof = signEndUserAddress('198.51.100.7', SECRET, NOW);
    expect(verifyEndUserAddress('198.51.100.8', proof, SECRET, NOW)).toBe(false);
    expect(verifyEndUserAddress('198.51.100.7', proof, `${SECRET}x`, NOW)).toBe(false);
    expect(verifyEndUserAddress('198.51.100.7', proof, SECRET, NOW + 61_000)).toBe(false);
    expect(verifyEndUserAddress('198.51.100.7', proof, SECRET, NOW - 61_000)).toBe(false);
    const [issuedAt, mac] = proof.split('.');
    expect(
      verifyEndUserAddress('198.51.100.7', `${Number(issuedAt) + 1}.${mac}`, SECRET, NOW),
    ).toBe(false);
    for (const forged of [
      null,
      undefined,
      '',
      'x',
      `${issuedAt}.`,
      `${issuedAt}.${'A'.repeat(43)}`,
    ]) {
      expect(verifyEndUserAddress('198.51.100.7', forged, SECRET, NOW), String(forged)).toBe(false);
    }
  });
});
