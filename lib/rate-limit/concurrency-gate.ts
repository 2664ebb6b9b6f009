/**
 * At most `concurrency` pieces of work at once, a few more waiting their turn, and the rest refused
 * at once — so that a flood of expensive work (password checks) takes a bounded share of the
 * machine and answers its excess quickly instead of piling up. Work marked `priority` (a dispatcher
 * known to be genuine) goes ahead of the rest and has a longer queue of its own.
 */
export interface GateOptions {
  concurrency: number;
  /** Ordinary work allowed to wait; beyond it, refused. */
  queue: number;
  /** Priority work allowed to wait; beyond it, refused. */
  priorityQueue: number;
}

export class GateFull extends Error {
  constructor() {
    super('too much work of this kind at once');
    this.name = 'GateFull';
  }
}

export class ConcurrencyGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly waitingFirst: Array<() => void> = [];

  constructor(private readonly options: GateOptions) {}

  get busy(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length + this.waitingFirst.length };
  }

  /** Runs `work` when a place is free; throws GateFull when too much is already waiting. */
  async run<T>(
    work: () => Promise<T>,
    { priority = false }: { priority?: boolean } = {},
  ): Promise<T> {
    await this.enter(priority);
    try {
      return await work();
    } finally {
      this.leave();
    }
  }

  private enter(priority: boolean): Promise<void> {
    if (this.running < this.options.concurrency) {
      this.running += 1;
      return Promise.resolve();
    }
    const queue = priority ? this.waitingFirst : this.waiting;
    const room = priority ? this.options.priorityQueue : this.options.queue;
    if (queue.length >= room) return Promise.reject(new GateFull());
    // The place is handed over by leave(): `running` stays as it is.
    return new Promise((resolve) => queue.push(resolve));
  }

  private leave(): void {
    const next = this.waitingFirst.shift() ?? this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }
}
