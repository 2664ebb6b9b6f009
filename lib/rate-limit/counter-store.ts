import { createHash, randomBytes } from 'node:crypto';

/**
 * Per-key counters in fixed windows: how many times something happened to a key (an e-mail, an
 * address, a pair of both) since its window began, and when it last did.
 *
 * `CounterStore` is what the limits and throttles use; this module holds the in-process
 * implementation. A shared one (Redis, for several instances) implements the same four calls: `hit`
 * is an INCR with an expiry on first use that also swaps in the time of the hit (one small Lua
 * script), `unhit` a DECR, `get` a read, `delete` a DEL.
 */
export interface WindowCount {
  /** Hits since the window began. */
  count: number;
  /** When the window ends and the count starts again from nothing (epoch ms). */
  resetAt: number;
  /** The latest hit (epoch ms). */
  lastAt: number;
  /** The hit before the latest, in this window (epoch ms); 0 when there was none. */
  previousAt: number;
}

export interface CounterStore {
  /** The key's count, or undefined when it has none in a current window. */
  get(key: string): Promise<WindowCount | undefined>;
  /** Counts one hit, starting a window of `windowMs` when the key has none. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /**
   * Takes back one hit of the current window (an attempt that turned out not to count). With
   * `restoreLastAt`, the latest hit's time goes back to that value too.
   */
  unhit(key: string, options?: { restoreLastAt?: number }): Promise<void>;
  /** Forgets the key. */
  delete(key: string): Promise<void>;
}

export interface MemoryCounterOptions {
  /** Keys held at most (rounded up to a power of two). Memory is allotted once, for all of them. */
  capacity: number;
  /** The clock (tests move it). */
  now?: () => number;
}

/** Slots looked at for one key: its own and the next ones. */
const PROBE = 16;

/**
 * The in-process `CounterStore`: a fixed table allotted up front — 36 bytes a slot, so 65,536
 * keys take 2.4 MB whether one key is used or all of them — that never grows, holds no timer and
 * no reference to anything but numbers. A key is kept as a 48-bit digest (SHA-256 under a random
 * per-process salt, so nobody can aim two keys at one slot). When the slots a key may use are all
 * taken by live windows, the one closest to its end is given up: under a flood of new keys the
 * oldest counts go first, and memory stays where it is.
 */
export class MemoryCounterStore implements CounterStore {
  private readonly digests: Float64Array;
  private readonly counts: Uint32Array;
  private readonly resetAts: Float64Array;
  private readonly lastAts: Float64Array;
  private readonly previousAts: Float64Array;
  private readonly salt = randomBytes(16);
  private readonly now: () => number;

  constructor({ capacity, now = () => Date.now() }: MemoryCounterOptions) {
    const size = 2 ** Math.ceil(Math.log2(Math.max(PROBE, capacity)));
    this.digests = new Float64Array(size);
    this.counts = new Uint32Array(size);
    this.resetAts = new Float64Array(size);
    this.lastAts = new Float64Array(size);
    this.previousAts = new Float64Array(size);
    this.now = now;
  }

  /** Slots in the table (the most keys it holds). */
  get capacity(): number {
    return this.digests.length;
  }

  /** Keys with a current window (a full scan: for tests and figures). */
  get size(): number {
    const now = this.now();
    let live = 0;
    for (let slot = 0; slot < this.digests.length; slot++) {
      if (this.digests[slot] !== 0 && this.resetAts[slot]! > now) live += 1;
    }
    return live;
  }

  async get(key: string): Promise<WindowCount | undefined> {
    const slot = this.find(this.digest(key), this.now());
    return slot === undefined ? undefined : this.read(slot);
  }

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const digest = this.digest(key);
    const now = this.now();
    let slot = this.find(digest, now);
    if (slot === undefined) {
      slot = this.claim(digest, now);
      this.digests[slot] = digest;
      this.counts[slot] = 0;
      this.resetAts[slot] = now + windowMs;
      this.lastAts[slot] = 0;
    }
    this.counts[slot] = Math.min(this.counts[slot]! + 1, 0xffffffff);
    this.previousAts[slot] = this.lastAts[slot]!;
    this.lastAts[slot] = now;
    return this.read(slot);
  }

  async unhit(key: string, { restoreLastAt }: { restoreLastAt?: number } = {}): Promise<void> {
    const slot = this.find(this.digest(key), this.now());
    if (slot === undefined) return;
    this.counts[slot] = Math.max(0, this.counts[slot]! - 1);
    if (restoreLastAt !== undefined) this.lastAts[slot] = restoreLastAt;
  }

  async delete(key: string): Promise<void> {
    const slot = this.find(this.digest(key), this.now());
    if (slot !== undefined) this.digests[slot] = 0;
  }

  /** A non-zero 48-bit number standing for the key. */
  private digest(key: string): number {
    const hash = createHash('sha256').update(this.salt).update(key).digest();
    return hash.readUIntBE(0, 6) || 1;
  }

  private *slotsFor(digest: number): Generator<number> {
    const mask = this.digests.length - 1;
    const home = digest % this.digests.length;
    for (let step = 0; step < PROBE; step++) yield (home + step) & mask;
  }

  /** The key's slot while its window lasts. */
  private find(digest: number, now: number): number | undefined {
    for (const slot of this.slotsFor(digest)) {
      if (this.digests[slot] === digest) return this.resetAts[slot]! > now ? slot : undefined;
    }
    return undefined;
  }

  /** A slot for a new key: a free or ended one, else the live one closest to its end. */
  private claim(digest: number, now: number): number {
    let soonest: number | undefined;
    for (const slot of this.slotsFor(digest)) {
      if (this.digests[slot] === 0 || this.digests[slot] === digest) return slot;
      if (this.resetAts[slot]! <= now) return slot;
      if (soonest === undefined || this.resetAts[slot]! < this.resetAts[soonest]!) soonest = slot;
    }
    return soonest!;
  }

  private read(slot: number): WindowCount {
    return {
      count: this.counts[slot]!,
      resetAt: this.resetAts[slot]!,
      lastAt: this.lastAts[slot]!,
      previousAt: this.previousAts[slot]!,
    };
  }
}
