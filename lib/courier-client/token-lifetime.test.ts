import { SignJWT } from 'jose';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as TokenLifetime from './token-lifetime';

// Loaded afresh in each test: the formats and limits are set when the module loads.
let DEFAULT_TOKEN_LIFETIME_MS: number;
let nextIssueTime: typeof TokenLifetime.nextIssueTime;
let parseExpiresIn: typeof TokenLifetime.parseExpiresIn;
let tokenLifetime: typeof TokenLifetime.tokenLifetime;
let jwtExpiry: typeof TokenLifetime.jwtExpiry;
beforeEach(async () => {
  vi.resetModules();
  ({ DEFAULT_TOKEN_LIFETIME_MS, nextIssueTime, parseExpiresIn, tokenLifetime, jwtExpiry } =
    await import('./token-lifetime'));
});

const MEXICO = 'America/Mexico_City';
/** 31 May 2022, 14:30 in Mexico City (UTC−5 then: Mexico still had summer time in 2022). */
const NOW = Date.parse('2022-05-31T19:30:00Z');

const jwtExpiringAt = (epochMs: number) =>
  new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime(Math.floor(epochMs / 1000))
    .sign(new TextEncoder().encode('x'.repeat(32)));

describe('courier token lifetime', () => {
  it('expires_in is read as Mexico City local time, summer time included', () => {
    expect(parseExpiresIn('31/05/22 15:30', { timeZone: MEXICO, now: NOW })).toBe(
      Date.parse('2022-05-31T20:30:00Z'),
    );
    // Mexico dropped summer time in late 2022: the same wall clock is UTC−6 in 2024.
    expect(parseExpiresIn('15/01/24 09:05', { timeZone: MEXICO, now: NOW })).toBe(
      Date.parse('2024-01-15T15:05:00Z'),
    );
  });

  it('the configured time zone changes what expires_in means', () => {
    expect(parseExpiresIn('31/05/22 15:30', { timeZone: 'UTC', now: NOW })).toBe(
      Date.parse('2022-05-31T15:30:00Z'),
    );
  });

  it('a number of seconds is read the OAuth way; nonsense is not read at all', () => {
    expect(parseExpiresIn(3600, { timeZone: MEXICO, now: NOW })).toBe(NOW + 3_600_000);
    expect(parseExpiresIn('3600', { timeZone: MEXICO, now: NOW })).toBe(NOW + 3_600_000);
    expect(parseExpiresIn('31/02/22 15:30', { timeZone: MEXICO, now: NOW })).toBeUndefined();
    expect(parseExpiresIn('tomorrow', { timeZone: MEXICO, now: NOW })).toBeUndefined();
    expect(parseExpiresIn(undefined, { timeZone: MEXICO, now: NOW })).toBeUndefined();
  });

  it('a token with expires_in lives until then and is renewed a minute before', () => {
    const token = tokenLifetime(
      { accessToken: 'opaque', expiresIn: '31/05/22 15:30' },
      { timeZone: MEXICO, now: NOW },
    );
    expect(token).toMatchObject({ source: 'expires_in', expiresAt: NOW + 3_600_000 });
    expect(token.expiresAt - token.renewAt).toBe(60_000);
  });

  it('without expires_in, the JWT’s exp says when the token expires', async () => {
    const token = tokenLifetime(
      { accessToken: await jwtExpiringAt(NOW + 45 * 60_000) },
      { timeZone: MEXICO, now: NOW },
    );
    expect(token).toMatchObject({ source: 'jwt', expiresAt: NOW + 45 * 60_000 });
  });

  it('an expires_in already in the past is distrusted in favour of the JWT', async () => {
    const token = tokenLifetime(
      { accessToken: await jwtExpiringAt(NOW + 30 * 60_000), expiresIn: '31/05/22 14:00' },
      { timeZone: MEXICO, now: NOW },
    );
    expect(token.source).toBe('jwt');
  });

  it('a JWT exp inside the minute expires_in names is the expiry, to the second', async () => {
    // Issued at 12:00:58.2 in Mexico City for 7.8 s: expires_in says "12:01", the minute.
    const now = Date.parse('2026-11-27T18:00:58.200Z');
    const token = tokenLifetime(
      { accessToken: await jwtExpiringAt(now + 7_800), expiresIn: '27/11/26 12:01' },
      { timeZone: MEXICO, now },
    );
    expect(token).toMatchObject({ source: 'jwt', expiresAt: now + 7_800 });
    // Renewed a quarter of its life (as the JWT says it) before it ends, not 1.35 s after issue.
    expect(token.renewAt - now).toBe(5_850);
    // Stated to the second, expires_in is the expiry, whatever the JWT says.
    const precise = tokenLifetime(
      { accessToken: await jwtExpiringAt(now + 7_800), expiresIn: '27/11/26 12:01:03' },
      { timeZone: MEXICO, now },
    );
    expect(precise).toMatchObject({ source: 'expires_in', expiresAt: now + 4_800 });
  });

  it('an opaque token with no expiry falls back to a conservative default', () => {
    const token = tokenLifetime({ accessToken: 'not-a-jwt' }, { timeZone: MEXICO, now: NOW });
    expect(token).toMatchObject({ source: 'default', expiresAt: NOW + DEFAULT_TOKEN_LIFETIME_MS });
    expect(DEFAULT_TOKEN_LIFETIME_MS).toBeLessThan(60 * 60_000);
  });

  it('a short-lived token is renewed a quarter of its life before it expires', () => {
    const token = tokenLifetime(
      { accessToken: 'opaque', expiresIn: 40 },
      { timeZone: MEXICO, now: NOW },
    );
    expect(token.expiresAt - token.renewAt).toBe(10_000);
  });

  it('tokens received in the same millisecond, or while the clock goes back, keep their issue order', () => {
    const first = nextIssueTime(NOW);
    const second = nextIssueTime(NOW);
    const afterClockWentBack = nextIssueTime(NOW - 60_000);
    expect(second).toBeGreaterThan(first);
    expect(afterClockWentBack).toBeGreaterThan(second);
    // Once the clock is past the last issue time again, the clock is the issue time.
    expect(nextIssueTime(afterClockWentBack + 5_000)).toBe(afterClockWentBack + 5_000);
  });

  it('expires_in is read with a two- or four-digit year, with or without seconds', () => {
    const at = (expiresIn: string) => parseExpiresIn(expiresIn, { timeZone: MEXICO, now: NOW });
    expect(at('31/05/2022 15:30')).toBe(Date.parse('2022-05-31T20:30:00Z'));
    expect(at('31/05/22 15:30:45')).toBe(Date.parse('2022-05-31T20:30:45Z'));
    expect(at(' 31/05/2022 15:30:45 ')).toBe(Date.parse('2022-05-31T20:30:45Z'));
    expect(at(' 90 ')).toBe(NOW + 90_000);
    expect(at('9O')).toBeUndefined();
    expect(parseExpiresIn(Number.NaN, { timeZone: MEXICO, now: NOW })).toBeUndefined();
    expect(parseExpiresIn(-60, { timeZone: MEXICO, now: NOW })).toBe(NOW - 60_000);
  });

  it('a stated lifetime of up to a week is believed; longer, or none at all, is not', async () => {
    const week = 7 * 24 * 3600;
    const lifetime = (expiresIn: unknown, accessToken = 'opaque') =>
      tokenLifetime({ accessToken, expiresIn }, { timeZone: MEXICO, now: NOW });
    expect(lifetime(week)).toMatchObject({ source: 'expires_in', expiresAt: NOW + week * 1000 });
    expect(lifetime(week + 1).source).toBe('default');
    expect(lifetime(0).source).toBe('default');
    expect(lifetime(0.001)).toMatchObject({ source: 'expires_in', expiresAt: NOW + 1 });
    const jwt = await jwtExpiringAt(NOW + (week + 60) * 1000);
    expect(lifetime(undefined, jwt).source).toBe('default');
    expect(lifetime(undefined, await jwtExpiringAt(NOW)).source).toBe('default');
  });

  it('the default lifetime is renewed a minute before it ends', () => {
    const token = tokenLifetime({ accessToken: 'opaque' }, { timeZone: MEXICO, now: NOW });
    expect(token).toEqual({
      value: 'opaque',
      source: 'default',
      expiresAt: NOW + 20 * 60_000,
      renewAt: NOW + 19 * 60_000,
    });
  });

  it('a JWT without a readable exp says nothing of its expiry', async () => {
    const noExp = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('x'.repeat(32)));
    expect(jwtExpiry(noExp)).toBeUndefined();
    expect(jwtExpiry('a.b.c')).toBeUndefined();
    expect(jwtExpiry(await jwtExpiringAt(NOW))).toBe(Math.floor(NOW / 1000) * 1000);
  });

  it('without a clock given, the issue time is now', () => {
    const before = Date.now();
    const issued = nextIssueTime();
    expect(issued).toBeGreaterThanOrEqual(before);
    expect(issued).toBeLessThanOrEqual(Date.now() + 1);
  });
});
