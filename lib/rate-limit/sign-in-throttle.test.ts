import { describe, expect, it } from 'vitest';
import { accountDelaySeconds, SIGN_IN_POLICY, SignInThrottle } from './sign-in-throttle';

const DISPATCHER = 'dana@example.com';

function clock(start = 10_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

async function fail(throttle: SignInThrottle, account: string, address: string, trusted = false) {
  const attempt = await throttle.begin(account, address, { trusted });
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

  it('past 10 failures per account, each source books its guess and waits a doubling delay — a trickle, never a lock', async () => {
    const time = clock();
    const throttle = SignInThrottle.inMemory(1024, SIGN_IN_POLICY, time.now);
    for (let i = 0; i < 10; i++) await fail(throttle, DISPATCHER, `192.0.2.${i}`);
    const early = await throttle.begin(DISPATCHER, '192.0.2.100');
    expect(early).toEqual({ allowed: false, rule: 'account', retryAfterSeconds: 2 });
    // Coming back early is refused with what is left of the wait, and moves nothing.
    time.advance(1_000);
    expect(await throttle.begin(DISPATCHER, '192.0.2.100')).toMatchObject({
      allowed: false,
      retryAfterSeconds: 1,
    });
    time.advance(1_000);
    expect((await fail(throttle, DISPATCHER, '192.0.2.100')).allowed).toBe(true);
    // The booking was used: the next guess from there books again, now 4 s out.
    expect(await throttle.begin(DISPATCHER, '192.0.2.100')).toMatchObject({
      allowed: false,
      retryAfterSeconds: 4,
    });
    // A booking not used within its grace lapses.
    time.advance(4_000 + SIGN_IN_POLICY.perAccount.graceSeconds * 1000);
    expect(await throttle.begin(DISPATCHER, '192.0.2.100')).toMatchObject({ allowed: false });
    expect([1, 2, 3, 8, 9, 20].map((n) => accountDelaySeconds(SIGN_IN_POLICY, n))).toEqual([
      2, 4, 8, 256, 300, 300,
    ]);
  });

  it('a guesser rotating addresses gets no password checked, and a new device that waits as told gets in', async () => {
    const time = clock();
    const throttle = SignInThrottle.inMemory(4096, SIGN_IN_POLICY, time.now);
    for (let i = 0; i < 10; i++) await fail(throttle, DISPATCHER, `192.0.2.${i}`);
    let checked = 0;
    let dispatcherIn = 0;
    for (let second = 0; second < 60; second++) {
      for (let k = 0; k < 8; k++) {
        const guess = await throttle.begin(DISPATCHER, `10.${second}.${k}.1`);
        if (guess.allowed) checked += 1;
      }
      if (second % 15 === 0) {
        const device = `198.51.100.${second}`;
        const first = await throttle.begin(DISPATCHER, device);
        expect(first.allowed).toBe(false);
        if (first.allowed) continue;
        time.advance(first.retryAfterSeconds * 1000);
        const booked = await throttle.begin(DISPATCHER, device);
        if (booked.allowed) {
          dispatcherIn += 1;
          await booked.settle('succeeded');
        }
      }
      time.advance(1_000);
    }
    expect(checked).toBe(0);
    expect(dispatcherIn).toBe(4);
  });

  it('a trusted source skips the account and address rules, and meets its own pair limit', async () => {
    const throttle = SignInThrottle.inMemory(1024);
    for (let i = 0; i < 12; i++) await fail(throttle, DISPATCHER, `203.0.113.${i}`);
    for (let i = 0; i < 5; i++) {
      expect((await fail(throttle, DISPATCHER, 'device:abc', true)).allowed).toBe(true);
    }
    expect(await throttle.begin(DISPATCHER, 'device:abc', { trusted: true })).toMatchObject({
      allowed: false,
      rule: 'pair',
    });
    expect((await throttle.begin(DISPATCHER, 'device:def', { trusted: true })).allowed).toBe(true);
  });

  it('a trusted source is refused for its own failures only: renewals that run at once or never end do not count', async () => {
    const throttle = SignInThrottle.inMemory(1024);
    // A shift's renewals in flight together, and some that never end (an instance killed).
    const inFlight = [];
    for (let i = 0; i < 12; i++) {
      inFlight.push(await throttle.begin(DISPATCHER, 'proof:abc', { trusted: true }));
    }
    expect(inFlight.every((attempt) => attempt.allowed)).toBe(true);
    for (const attempt of inFlight.slice(0, 6))
      if (attempt.allowed) await attempt.settle('succeeded');
    expect((await throttle.begin(DISPATCHER, 'proof:abc', { trusted: true })).allowed).toBe(true);
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
