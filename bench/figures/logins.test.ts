import { describe, expect, it } from 'vitest';
import { classifyLogins } from './logins.mjs';

const token = (issuedAt: number, life = 10_000) => ({
  issuedAt,
  expiresAt: issuedAt + life,
  renewAt: issuedAt + life * 0.75,
});

describe('counting courier logins while quotes run', () => {
  const current = token(0);

  it('counts a login made while the token was still good as one too many', () => {
    expect(classifyLogins([2_000], [current, token(2_001)], current)).toEqual({ early: 1, due: 0 });
  });

  it('counts a login made once the token came due as a renewal', () => {
    expect(classifyLogins([7_600], [current, token(7_601)], current)).toEqual({ early: 0, due: 1 });
  });

  it('follows a slow run across several expiries, one renewal each', () => {
    const tokens = [current, token(7_600), token(15_200)];
    expect(classifyLogins([15_100, 7_550], tokens, current)).toEqual({ early: 0, due: 2 });
    expect(classifyLogins([7_550, 9_000], [current, token(7_560), token(9_010)], current)).toEqual({
      early: 1,
      due: 1,
    });
  });
});
