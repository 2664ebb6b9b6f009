import { RateLimiterMemory, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { describe, expect, it } from 'vitest';
import { attemptLimiter, memoryAttemptLimiter } from './attempt-limiter';

describe('counting sign-in attempts', () => {
  it('refuses once the window’s attempts are spent, saying how long to wait', async () => {
    const limiter = memoryAttemptLimiter({ attempts: 3, windowSeconds: 600, keyPrefix: 'test-a' });
    for (let i = 0; i < 3; i++)
      expect(await limiter.consume('ana@example.com')).toEqual({ allowed: true });
    const refused = await limiter.consume('ana@example.com');
    expect(refused.allowed).toBe(false);
    expect(refused.allowed === false && refused.retryAfterSeconds).toBeGreaterThan(500);
    expect(await limiter.consume('beto@example.com')).toEqual({ allowed: true });
  });

  it('an attempt given back (a successful sign-in) does not count', async () => {
    const limiter = memoryAttemptLimiter({ attempts: 2, windowSeconds: 600, keyPrefix: 'test-b' });
    for (let i = 0; i < 5; i++) {
      expect((await limiter.consume('ana@example.com')).allowed).toBe(true);
      await limiter.reward('ana@example.com');
    }
  });

  it('a failing shared store lets sign-in through rather than lock every dispatcher out', async () => {
    const broken = new RateLimiterMemory({ points: 1, duration: 60 }) as RateLimiterAbstract;
    broken.consume = () => Promise.reject(new Error('redis: connection refused'));
    broken.reward = () => Promise.reject(new Error('redis: connection refused'));
    const limiter = attemptLimiter(broken);
    expect(await limiter.consume('ana@example.com')).toEqual({ allowed: true });
    await expect(limiter.reward('ana@example.com')).resolves.toBeUndefined();
  });
});
