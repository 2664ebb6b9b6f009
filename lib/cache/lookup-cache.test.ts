import { describe, expect, it } from 'vitest';
import { LookupCache } from './lookup-cache';

describe('the lookup cache', () => {
  it('answers a repeated lookup without asking upstream again, empty answers included', async () => {
    const cache = new LookupCache<string | null>({ max: 10, ttlMs: 60_000 });
    let calls = 0;
    const load = async () => {
      calls += 1;
      return null;
    };
    expect(await cache.get('a', load)).toBeNull();
    expect(await cache.get('a', load)).toBeNull();
    expect(calls).toBe(1);
  });

  it('shares one upstream call between identical lookups in flight', async () => {
    const cache = new LookupCache<number>({ max: 10, ttlMs: 60_000 });
    let calls = 0;
    const load = async () => {
      calls += 1;
      return 42;
    };
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual([42, 42]);
    expect(calls).toBe(1);
  });

  it('keeps no failure: the next lookup tries upstream again', async () => {
    const cache = new LookupCache<number>({ max: 10, ttlMs: 60_000 });
    await expect(cache.get('k', async () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    expect(await cache.get('k', async () => 7)).toBe(7);
  });

  it('holds at most its bound of answers', async () => {
    const cache = new LookupCache<number>({ max: 3, ttlMs: 60_000 });
    for (let i = 0; i < 10; i += 1) await cache.get(`k${i}`, async () => i);
    expect(cache.size).toBe(3);
  });
});
