import { describe, expect, it } from 'vitest';
import { attemptLimiter, memoryAttemptLimiter } from './attempt-limiter';
import { MemoryCounterStore, type CounterStore } from './counter-store';

describe('counting lookups per session', () => {
  it('refuses once the window’s attempts are spent, saying how long to wait', async () => {
    const limiter = memoryAttemptLimiter({ attempts: 3, windowSeconds: 600, capacity: 64 });
    for (let i = 0; i < 3; i++)
      expect(await limiter.consume('session-a')).toEqual({ allowed: true });
    const refused = await limiter.consume('session-a');
    expect(refused.allowed).toBe(false);
    expect(refused.allowed === false && refused.retryAfterSeconds).toBeGreaterThan(500);
    expect(await limiter.consume('session-b')).toEqual({ allowed: true });
  });

  it('starts afresh when the window ends', async () => {
    let now = 1_000_000;
    const store = new MemoryCounterStore({ capacity: 64, now: () => now });
    const limiter = attemptLimiter(store, { attempts: 1, windowSeconds: 60 }, () => now);
    expect((await limiter.consume('session-a')).allowed).toBe(true);
    expect((await limiter.consume('session-a')).allowed).toBe(false);
    now += 60_001;
    expect((await limiter.consume('session-a')).allowed).toBe(true);
  });

  it('a failing shared store lets lookups through rather than refuse every dispatcher', async () => {
    const broken: CounterStore = {
      get: () => Promise.reject(new Error('redis: connection refused')),
      hit: () => Promise.reject(new Error('redis: connection refused')),
      unhit: () => Promise.reject(new Error('redis: connection refused')),
      delete: () => Promise.reject(new Error('redis: connection refused')),
    };
    const limiter = attemptLimiter(broken, { attempts: 1, windowSeconds: 60 });
    expect(await limiter.consume('session-a')).toEqual({ allowed: true });
  });
});
