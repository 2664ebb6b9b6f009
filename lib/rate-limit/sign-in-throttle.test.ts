import { describe, expect, it } from 'vitest';
import { accountDelaySeconds, SIGN_IN_POLICY, SignInThrottle } from './sign-in-throttle';

const DISPATCHER = 'dana@example.com';

function clock(start = 10_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

async function fail(throttle: SignInThrottle, account: string, address: string) {
  const attempt = await throttle.begin(account, address);
  if (!attempt.allowed) return attempt;
  await attempt.settle('failed');
  return attempt;
}

describe('the sign-in throttle', () => {
  it('refuses a sixth guess for one account from one address, until the window ends', async () => {
    const time = clock();
    const throttle = SignInThrottle.inMemory(1024, SIGN_IN_POLICY, time.now);
    for (let i = 0; i < 5; i++) {
      expect((await fail(throttle, DISPATCHER, '203.0.113.9')).allowed).toBe(true);
    }
    const sixth = await throttle.begin(DISPATCHER, '203.0.113.9');
    expect(sixth).toEqual({ allowed: false, rule: 'pair', retryAfterSeconds: 900 });
    time.advance(15 * 60_000);
    expect((await throttle.begin(DISPATCHER, '203.0.113.9')).allowed).toBe(true);
  });

  it('refuses an address that tried 20 accounts, and then counts nothing per account for it', async () => {
    const throttle = SignInThrottle.inMemory(1024);
    for (let i = 0; i < 20; i++) {
      expect((await fail(throttle, `user${i}@example.com`, '198.51.100.7')).allowed).toBe(true);
    }
    for (let i = 0; i < 50; i++) {
      const refused = await throttle.begin(DISPATCHER, '198.51.100.7');
      expect(refused).toMatchObject({ allowed: false, rule: 'address' });
    }
    // None of the 50 refusals counted against the dispatcher's account.
    for (let i = 0; i < 10; i++) {
      expect((await fail(throttle, DISPATCHER, `192.0.2.${i}`)).allowed).toBe(true);
    }
  });

  it('past 10 failures per account, each guess waits a doubling delay — a trickle, never a lock', async () => {
    const time = clock();
    const throttle = SignInThrottle.inMemory(1024, SIGN_IN_POLICY, time.now);
    for (let i = 0; i < 10; i++) await fail(throttle, DISPATCHER, `192.0.2.${i}`);
    const early = await throttle.begin(DISPATCHER, '192.0.2.100');
    expect(early).toEqual({ allowed: false, rule: 'account', retryAfterSeconds: 2 });
    // Refusals do not push the next allowed moment further.
    time.advance(1_000);
    expect((await throttle.begin(DISPATCHER, '192.0.2.101')).allowed).toBe(false);
    time.advance(1_000);
    expect((await fail(throttle, DISPATCHER, '192.0.2.102')).allowed).toBe(true);
    time.advance(3_999);
    expect(await throttle.begin(DISPATCHER, '192.0.2.103')).toMatchObject({
      allowed: false,
      retryAfterSeconds: 1,
    });
    time.advance(1);
    expect((await fail(throttle, DISPATCHER, '192.0.2.103')).allowed).toBe(true);
    expect([1, 2, 3, 8, 9, 20].map((n) => accountDelaySeconds(SIGN_IN_POLICY, n))).toEqual([
      2, 4, 8, 256, 300, 300,
    ]);
  });

  it('an address where the account signed in before skips the account and address rules', async () => {
    const throttle = SignInThrottle.inMemory(1024);
    const home = await throttle.begin(DISPATCHER, '192.0.2.50');
    expect(home.allowed).toBe(true);
    if (home.allowed) await home.settle('succeeded');
    // Someone guesses the dispatcher's password from 12 other addresses, and sprays from the
    // dispatcher's own address too.
    for (let i = 0; i < 12; i++) await fail(throttle, DISPATCHER, `203.0.113.${i}`);
    for (let i = 0; i < 25; i++) await fail(throttle, `other${i}@example.com`, '192.0.2.50');
    expect((await throttle.begin(DISPATCHER, '203.0.113.200')).allowed).toBe(false);
    const again = await throttle.begin(DISPATCHER, '192.0.2.50');
    expect(again).toMatchObject({ allowed: true, knownPair: true });
  });

  it('a success or an unjudged attempt gives its counts back; a failure keeps them', async () => {
    const throttle = SignInThrottle.inMemory(1024);
    for (let round = 0; round < 30; round++) {
      const attempt = await throttle.begin(DISPATCHER, '192.0.2.60');
      expect(attempt.allowed).toBe(true);
      if (attempt.allowed) await attempt.settle(round % 2 ? 'succeeded' : 'unjudged');
    }
    for (let i = 0; i < 5; i++) await fail(throttle, 'carla@example.com', '192.0.2.61');
    expect((await throttle.begin('carla@example.com', '192.0.2.61')).allowed).toBe(false);
  });

  it('attempts started together are counted together: a burst cannot slip past the limit', async () => {
    const throttle = SignInThrottle.inMemory(1024);
    const burst = await Promise.all(
      Array.from({ length: 40 }, () => throttle.begin(DISPATCHER, '203.0.113.77')),
    );
    expect(burst.filter((attempt) => attempt.allowed)).toHaveLength(5);
  });
});
