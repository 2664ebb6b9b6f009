import { describe, expect, it, vi } from 'vitest';
import type { CourierToken } from '@/lib/courier-client';
import { MemorySessionTokens, renewedAfter } from './session-tokens';

const NOW = Date.parse('2026-03-02T15:00:00Z');
// Kept until it expires: an expiry an hour from the real clock, not from NOW (a date now past, at
// which each token would be kept for a millisecond only).
const token = (
  value: string,
  issuedAt: number,
  expiresAt = Date.now() + 3_600_000,
): CourierToken => ({
  value,
  issuedAt,
  expiresAt,
  renewAt: expiresAt - 300_000,
});

describe("a session's newest courier token, in this process", () => {
  it('is the one issued last, whatever order the tokens arrive in', async () => {
    const tokens = new MemorySessionTokens();
    expect(await tokens.newest('s1')).toBeUndefined();
    await tokens.remember('s1', token('second', NOW + 2));
    await tokens.remember('s1', token('first', NOW + 1));
    await tokens.remember('s1', token('also-second', NOW + 2));
    expect((await tokens.newest('s1'))?.value).toBe('second');
    await tokens.remember('s1', token('third', NOW + 3));
    expect((await tokens.newest('s1'))?.value).toBe('third');
    expect(tokens.newestHere('s1')?.value).toBe('third');
    expect(await tokens.newest('s2')).toBeUndefined();
  });

  // lru-cache reads its own clock, which fake timers leave alone: these wait for real.
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('is kept until the token expires, and no longer after sign-out', async () => {
    const tokens = new MemorySessionTokens();
    await tokens.remember('s1', token('t', NOW, Date.now() + 80));
    await tokens.remember('s2', token('t', NOW, Date.now() + 60_000));
    expect((await tokens.newest('s1'))?.value).toBe('t');
    await pause(120);
    expect(await tokens.newest('s1')).toBeUndefined();
    expect((await tokens.newest('s2'))?.value).toBe('t');
    await tokens.forget('s2');
    expect(await tokens.newest('s2')).toBeUndefined();
  });

  it('is not kept at all once expired already', async () => {
    const tokens = new MemorySessionTokens();
    await tokens.remember('s1', token('stale', NOW, Date.now() - 60_000));
    await pause(20);
    expect(await tokens.newest('s1')).toBeUndefined();
  });
});

describe("renewing a session's token", () => {
  it('makes one login for concurrent requests, and keeps its token', async () => {
    const tokens = new MemorySessionTokens();
    let release!: (token: CourierToken) => void;
    const login = vi.fn(() => new Promise<CourierToken>((resolve) => (release = resolve)));
    expect(tokens.renewing('s1')).toBe(false);
    const first = tokens.renewOnce('s1', NOW, login);
    const second = tokens.renewOnce('s1', NOW, login);
    expect(tokens.renewing('s1')).toBe(true);
    expect(tokens.renewing('s2')).toBe(false);
    release(token('renewed', NOW + 5));
    expect((await first).value).toBe('renewed');
    expect((await second).value).toBe('renewed');
    expect(login).toHaveBeenCalledTimes(1);
    expect(tokens.renewing('s1')).toBe(false);
    expect((await tokens.newest('s1'))?.value).toBe('renewed');
  });

  it('gives a request that found the token due after the renewal had finished the renewed token, without a login', async () => {
    const tokens = new MemorySessionTokens();
    const fresh = (value: string, issuedAt: number) =>
      token(value, issuedAt, Date.now() + 3_600_000);
    const login = vi.fn(async () => fresh('renewed', NOW + 5));
    expect((await tokens.renewOnce('s1', NOW, login)).value).toBe('renewed');
    // The late request saw the token issued at NOW as due, as the first one did.
    expect((await tokens.renewOnce('s1', NOW, login)).value).toBe('renewed');
    expect(login).toHaveBeenCalledTimes(1);
    // A request that found the renewed token itself refused or due logs in again.
    login.mockResolvedValueOnce(fresh('again', NOW + 9));
    expect((await tokens.renewOnce('s1', NOW + 5, login)).value).toBe('again');
    expect(login).toHaveBeenCalledTimes(2);
  });

  it('after a login that failed, tries again on the next request', async () => {
    const tokens = new MemorySessionTokens();
    await expect(
      tokens.renewOnce('s1', NOW, () => Promise.reject(new Error('courier down'))),
    ).rejects.toThrow('courier down');
    expect(tokens.renewing('s1')).toBe(false);
    const renewed = await tokens.renewOnce('s1', NOW, async () => token('renewed', NOW + 5));
    expect(renewed.value).toBe('renewed');
  });
});

describe('a token renewed since the one found due', () => {
  it('was issued after it and is not due itself: due at this very millisecond, it is due', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(NOW);
      const renewed = (renewAt: number) => ({ ...token('t', NOW - 10), renewAt });
      expect(renewedAfter(renewed(NOW + 1), NOW - 11)).toBe(true);
      expect(renewedAfter(renewed(NOW), NOW - 11)).toBe(false);
      expect(renewedAfter(renewed(NOW + 1), NOW - 10)).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
