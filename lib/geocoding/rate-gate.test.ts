import { describe, expect, it } from 'vitest';
import { RateGate, RateGateFull, type Clock } from './rate-gate';

/** A clock that only moves when someone sleeps on it. */
function fakeClock(): Clock & { sleeps: number[] } {
  let now = 0;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
  };
}

describe('the one-request-per-second gate', () => {
  it('lets the first lookup through at once and makes the next wait its turn', async () => {
    const clock = fakeClock();
    const gate = new RateGate(1000, 5000, clock);
    const passedAt: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      await gate.take();
      passedAt.push(clock.now());
    }
    expect(passedAt).toEqual([0, 1000, 2000]);
  });

  it('spaces lookups that arrive together one second apart', async () => {
    const clock = fakeClock();
    const gate = new RateGate(1000, 5000, clock);
    await Promise.all([gate.take(), gate.take(), gate.take()]);
    expect(clock.sleeps).toEqual([1000, 1000]);
    expect(clock.now()).toBe(2000);
  });

  it('turns a lookup away at once when its turn is further off than the longest wait', async () => {
    // Time stands still: the second lookup is still waiting for its turn when the third arrives.
    const frozen: Clock = { now: () => 0, sleep: () => new Promise(() => {}) };
    const gate = new RateGate(1000, 1500, frozen);
    await gate.take();
    void gate.take();
    await expect(gate.take()).rejects.toBeInstanceOf(RateGateFull);
  });

  it('does not keep idle time as credit for a burst later', async () => {
    const clock = fakeClock();
    const gate = new RateGate(1000, 5000, clock);
    await gate.take();
    await clock.sleep(10_000);
    const before = clock.sleeps.length;
    await gate.take();
    await gate.take();
    expect(clock.sleeps.slice(before)).toEqual([1000]);
  });
});
