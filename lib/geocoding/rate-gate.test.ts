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
    const clock = timedClock();
    const gate = new RateGate(1000, 5000, clock);
    const leftAt: number[] = [];
    const all = Promise.all([1, 2, 3].map(() => gate.take().then(() => leftAt.push(clock.now()))));
    await clock.runAll();
    await all;
    expect(leftAt).toEqual([0, 1000, 2000]);
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

  it('spaces calls an interval apart from when each really left, when the process woke late for one', async () => {
    const clock = timedClock();
    const gate = new RateGate(1000, 5000, clock);
    const leftAt: number[] = [];
    const leave = () => gate.take().then(() => leftAt.push(clock.now()));
    // The second lookup's timer fires 400 ms late (the process was busy at its slot).
    clock.lateBy(1000, 400);
    const all = Promise.all([leave(), leave(), leave()]);
    await clock.runAll();
    await all;
    expect(leftAt).toEqual([0, 1400, 2400]);
  });
  it('counts the interval from the answer of the call before too: the call may arrive late, its answer never comes before it', async () => {
    const clock = timedClock();
    const gate = new RateGate(1000, 5000, clock);
    const leftAt: number[] = [];
    const first = gate.take().then(async () => {
      leftAt.push(clock.now());
      await clock.sleep(300);
      await gate.finished();
    });
    const second = gate.take().then(() => leftAt.push(clock.now()));
    await clock.runAll();
    await Promise.all([first, second]);
    expect(leftAt).toEqual([0, 1300]);
  });
});

/**
 * A clock whose sleeps end in time order as the test runs them, a timer possibly late: as a busy
 * process's timers fire after their time, in order.
 */
function timedClock() {
  let now = 0;
  const timers: Array<{ at: number; wake: () => void }> = [];
  const late = new Map<number, number>();
  return {
    now: () => now,
    sleep: (ms: number) =>
      new Promise<void>((wake) => {
        const due = now + ms;
        timers.push({ at: due + (late.get(due) ?? 0), wake });
      }),
    /** The timer due at `due` fires `ms` late. */
    lateBy: (due: number, ms: number) => late.set(due, ms),
    /** Fires every timer in time order, letting each sleeper run before the next fires. */
    async runAll() {
      for (;;) {
        await new Promise((resolve) => setImmediate(resolve));
        if (timers.length === 0) return;
        timers.sort((a, b) => a.at - b.at);
        const next = timers.shift()!;
        now = Math.max(now, next.at);
        next.wake();
      }
    },
  };
}
