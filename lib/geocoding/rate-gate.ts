/**
 * Spaces calls at least `intervalMs` apart, in arrival order: each caller books the next free slot
 * and waits for it. A caller whose slot is more than `maxWaitMs` away is turned down at once
 * (`RateGateFull`) instead of joining an ever-longer queue.
 */

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export class RateGateFull extends Error {
  constructor(readonly waitMs: number) {
    super(`the next free slot is ${Math.round(waitMs)} ms away`);
    this.name = 'RateGateFull';
  }
}

/**
 * A gate a call goes through before it leaves; a shared one also wants to hear when the call is
 * answered (or failed), to count the next call's interval from then (./redis-rate-gate.ts).
 */
export type CallGate = Pick<RateGate, 'take'> & { finished?(): Promise<void> };

export class RateGate {
  private nextSlot = Number.NEGATIVE_INFINITY;
  /** When the last call actually left (its slot, or later when the process woke late for it), or was answered. */
  private lastLeft = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly intervalMs: number,
    private readonly maxWaitMs: number,
    private readonly clock: Clock = systemClock,
  ) {}

  async take(): Promise<void> {
    const now = this.clock.now();
    const slot = Math.max(now, this.nextSlot);
    if (slot - now > this.maxWaitMs) throw new RateGateFull(slot - now);
    this.nextSlot = slot + this.intervalMs;
    // Timers may fire a little early; wait until the clock really reaches the slot.
    for (let remaining = slot - now; remaining > 0; remaining = slot - this.clock.now()) {
      await this.clock.sleep(Math.ceil(remaining));
    }
    // And late, when the process is busy: a call that left after its slot (or was answered after
    // it: finished) must not let the next, woken on time, reach the service less than the
    // interval after it.
    for (
      let remaining = this.lastLeft + this.intervalMs - this.clock.now();
      remaining > 0;
      remaining = this.lastLeft + this.intervalMs - this.clock.now()
    ) {
      await this.clock.sleep(Math.ceil(remaining));
    }
    this.lastLeft = this.clock.now();
  }

  /**
   * The call that last left has its answer (or failed): the next leaves an interval after now.
   * What leaves reaches the service some time after it left (a busy process sends late); an
   * answer comes only after its call arrived, so counting from it spaces the arrivals whatever
   * the delay, as the shared gate does (./redis-rate-gate.ts).
   */
  finished(): Promise<void> {
    this.lastLeft = Math.max(this.lastLeft, this.clock.now());
    return Promise.resolve();
  }
}
