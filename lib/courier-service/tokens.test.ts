import { tzOffset } from '@date-fns/tz';
import { SignJWT, UnsecuredJWT } from 'jose';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CourierError } from './errors';
import type * as Tokens from './tokens';

// The issuer's name is set when the module loads. Loaded afresh for each test, that counts as the
// test's own, so mutation testing (stryker.config.mjs, `ignoreStatic`) runs these tests against a
// changed name; loaded once for the file, it would not.
let formatExpiresIn: typeof Tokens.formatExpiresIn;
let issueToken: typeof Tokens.issueToken;
let verifyToken: typeof Tokens.verifyToken;
let TOKEN_ISSUER: typeof Tokens.TOKEN_ISSUER;
beforeEach(async () => {
  vi.resetModules();
  ({ formatExpiresIn, issueToken, verifyToken, TOKEN_ISSUER } = await import('./tokens'));
});

const SECRET = 'unit-test-signing-key-0123456789-0123456789';
const NOW = new Date('2025-06-01T15:00:00Z');
const audiences = ['demo-client'];

async function failureCode(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  // By name: the module, loaded afresh for each test, has a class of its own each time.
  expect(error).toMatchObject({ name: 'CourierError' });
  return (error as CourierError).code;
}

describe('expires_in', () => {
  it('writes the expiry as DD/MM/YY HH:mm in the service time zone', () => {
    expect(formatExpiresIn(new Date('2022-05-31T20:30:00Z'), 'America/Mexico_City')).toBe(
      '31/05/22 15:30',
    );
    expect(formatExpiresIn(new Date('2025-01-05T06:05:00Z'), 'UTC')).toBe('05/01/25 06:05');
  });

  it('follows Tijuana’s clock across the spring change: 1 h after 01:30 PST is 03:30 PDT', () => {
    const zone = 'America/Tijuana';
    const before = new Date('2021-03-14T09:30:00Z');
    const after = new Date(before.getTime() + 3600_000);
    expect(tzOffset(zone, before)).toBe(-480);
    expect(tzOffset(zone, after)).toBe(-420);
    expect(formatExpiresIn(before, zone)).toBe('14/03/21 01:30');
    expect(formatExpiresIn(after, zone)).toBe('14/03/21 03:30');
  });

  it('follows Mexico City’s last autumn change (2021): the hour 01:00–02:00 happens twice', () => {
    const zone = 'America/Mexico_City';
    const firstPass = new Date('2021-10-31T06:30:00Z'); // 01:30 CDT
    const secondPass = new Date('2021-10-31T07:30:00Z'); // 01:30 CST
    expect(tzOffset(zone, firstPass)).toBe(-300);
    expect(tzOffset(zone, secondPass)).toBe(-360);
    expect(formatExpiresIn(firstPass, zone)).toBe('31/10/21 01:30');
    expect(formatExpiresIn(secondPass, zone)).toBe('31/10/21 01:30');
  });

  it('uses Mexico City’s standard time all year since 2022', () => {
    const zone = 'America/Mexico_City';
    expect(formatExpiresIn(new Date('2025-01-15T18:00:00Z'), zone)).toBe('15/01/25 12:00');
    expect(formatExpiresIn(new Date('2025-07-15T18:00:00Z'), zone)).toBe('15/07/25 12:00');
  });
});

describe('access tokens', () => {
  it('issues an HS256 JWT that verifies until it expires', async () => {
    const { accessToken, expiresAt } = await issueToken(
      { accountId: 1001, clientId: 'demo-client' },
      { secret: SECRET, ttlSeconds: 3600 },
      NOW,
    );
    expect(expiresAt.toISOString()).toBe('2025-06-01T16:00:00.000Z');
    const header = JSON.parse(Buffer.from(accessToken.split('.')[0]!, 'base64url').toString());
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    const payload = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString());
    expect(payload).toEqual({
      iss: 'dispatch-quote-courier',
      aud: 'demo-client',
      sub: '1001',
      iat: NOW.getTime() / 1000,
      exp: NOW.getTime() / 1000 + 3600,
    });
    const claims = await verifyToken(accessToken, { secret: SECRET, audiences, now: NOW });
    expect(claims).toEqual({ accountId: 1001, clientId: 'demo-client', expiresAt });
    const justBefore = new Date(expiresAt.getTime() - 1000);
    await expect(
      verifyToken(accessToken, { secret: SECRET, audiences, now: justBefore }),
    ).resolves.toMatchObject({ accountId: 1001 });
    expect(
      await failureCode(verifyToken(accessToken, { secret: SECRET, audiences, now: expiresAt })),
    ).toBe(-156);
  });

  it('rejects a token of another key, issuer or client with -155', async () => {
    const { accessToken } = await issueToken(
      { accountId: 1001, clientId: 'demo-client' },
      { secret: SECRET, ttlSeconds: 3600 },
      NOW,
    );
    const verify = (token: string, options: { secret?: string; audiences?: string[] } = {}) =>
      failureCode(verifyToken(token, { secret: SECRET, audiences, now: NOW, ...options }));
    expect(await verify(accessToken, { secret: `${SECRET}-other` })).toBe(-155);
    expect(await verify(accessToken, { audiences: ['other-client'] })).toBe(-155);
    const otherIssuer = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('elsewhere')
      .setAudience('demo-client')
      .setSubject('1001')
      .setIssuedAt(NOW)
      .setExpirationTime(new Date(NOW.getTime() + 60_000))
      .sign(new TextEncoder().encode(SECRET));
    expect(await verify(otherIssuer)).toBe(-155);
  });

  it('rejects an unsigned token and another algorithm of the same key with -155', async () => {
    const unsigned = new UnsecuredJWT({})
      .setIssuer(TOKEN_ISSUER)
      .setAudience('demo-client')
      .setSubject('1001')
      .setIssuedAt(NOW)
      .setExpirationTime(new Date(NOW.getTime() + 60_000))
      .encode();
    const hs512 = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS512' })
      .setIssuer(TOKEN_ISSUER)
      .setAudience('demo-client')
      .setSubject('1001')
      .setIssuedAt(NOW)
      .setExpirationTime(new Date(NOW.getTime() + 60_000))
      .sign(new TextEncoder().encode(SECRET));
    for (const token of [unsigned, hs512]) {
      expect(await failureCode(verifyToken(token, { secret: SECRET, audiences, now: NOW }))).toBe(
        -155,
      );
    }
  });

  it('rejects a missing, empty or absurdly long token with -155', async () => {
    for (const token of [null, undefined, '', 'x'.repeat(5000)]) {
      expect(await failureCode(verifyToken(token, { secret: SECRET, audiences }))).toBe(-155);
    }
  });

  it('does not call a forged token expired: the signature is checked first', async () => {
    const forgedAndOld = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(TOKEN_ISSUER)
      .setAudience('demo-client')
      .setSubject('1001')
      .setIssuedAt(new Date(NOW.getTime() - 7200_000))
      .setExpirationTime(new Date(NOW.getTime() - 3600_000))
      .sign(new TextEncoder().encode(`${SECRET}-forger`));
    expect(
      await failureCode(verifyToken(forgedAndOld, { secret: SECRET, audiences, now: NOW })),
    ).toBe(-155);
  });
  it('rejects a token of the right key that lacks its account, its issue time or its expiry with -155', async () => {
    const signed = (claims: { sub?: string; iat?: boolean; exp?: boolean }) => {
      const jwt = new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(TOKEN_ISSUER)
        .setAudience('demo-client');
      if (claims.sub !== undefined) jwt.setSubject(claims.sub);
      if (claims.iat) jwt.setIssuedAt(NOW);
      if (claims.exp) jwt.setExpirationTime(new Date(NOW.getTime() + 60_000));
      return jwt.sign(new TextEncoder().encode(SECRET));
    };
    const verify = async (token: Promise<string>) =>
      failureCode(verifyToken(await token, { secret: SECRET, audiences, now: NOW }));
    expect(await verify(signed({ iat: true, exp: true }))).toBe(-155);
    expect(await verify(signed({ sub: '1001', exp: true }))).toBe(-155);
    expect(await verify(signed({ sub: '1001', iat: true }))).toBe(-155);
    expect(await verify(signed({ sub: 'dispatcher', iat: true, exp: true }))).toBe(-155);
  });

  it('reads a token addressed to several clients as one for the first of them', async () => {
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(TOKEN_ISSUER)
      .setAudience(['demo-client', 'other-client'])
      .setSubject('1001')
      .setIssuedAt(NOW)
      .setExpirationTime(new Date(NOW.getTime() + 60_000))
      .sign(new TextEncoder().encode(SECRET));
    await expect(verifyToken(token, { secret: SECRET, audiences, now: NOW })).resolves.toEqual({
      accountId: 1001,
      clientId: 'demo-client',
      expiresAt: new Date(NOW.getTime() + 60_000),
    });
  });

  it('reads a token of up to 4096 characters and refuses a longer one, well signed or not, with -155', async () => {
    const padded = (pad: number) =>
      new SignJWT({ note: 'x'.repeat(pad) })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(TOKEN_ISSUER)
        .setAudience('demo-client')
        .setSubject('1001')
        .setIssuedAt(NOW)
        .setExpirationTime(new Date(NOW.getTime() + 60_000))
        .sign(new TextEncoder().encode(SECRET));
    let pad = 2800;
    while ((await padded(pad)).length < 4096) pad++;
    const longest = await padded(pad);
    expect(longest).toHaveLength(4096);
    await expect(
      verifyToken(longest, { secret: SECRET, audiences, now: NOW }),
    ).resolves.toMatchObject({ accountId: 1001 });
    const tooLong = await padded(pad + 1);
    expect(tooLong.length).toBeGreaterThan(4096);
    expect(await failureCode(verifyToken(tooLong, { secret: SECRET, audiences, now: NOW }))).toBe(
      -155,
    );
  });
});

describe('an earlier token as proof of an earlier login', () => {
  it('names its account when this service signed it for the client, expired or not, within the proof’s age', async () => {
    const { earlierTokenAccount } = await import('./tokens');
    const day = 24 * 3600;
    const issuedAt = new Date(Date.now() - 2 * day * 1000);
    const { accessToken } = await issueToken(
      { accountId: 1001, clientId: 'demo-client' },
      { secret: SECRET, ttlSeconds: 3600 },
      issuedAt,
    );
    const proof = { secret: SECRET, audience: 'demo-client', maxAgeSeconds: 30 * day };
    expect(await earlierTokenAccount(accessToken, proof)).toBe(1001);
    expect(await earlierTokenAccount(accessToken, { ...proof, maxAgeSeconds: day })).toBe(
      undefined,
    );
    expect(await earlierTokenAccount(accessToken, { ...proof, audience: 'other' })).toBe(undefined);
    expect(await earlierTokenAccount(accessToken, { ...proof, secret: `${SECRET}-other` })).toBe(
      undefined,
    );
    expect(await earlierTokenAccount('not-a-token', proof)).toBe(undefined);
    expect(await earlierTokenAccount(null, proof)).toBe(undefined);
  });
});
