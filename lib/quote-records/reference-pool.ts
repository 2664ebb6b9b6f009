import 'server-only';
import { newReference } from './reference';

/** References one reservation asks for; another is asked when fewer than REFILL_BELOW are left. */
export const RESERVATION_BATCH = 64;
const REFILL_BELOW = 16;
/**
 * A reference reserved longer ago than this is not handed out: the purge deletes reservations a
 * day old (PostgresQuoteRecordStore.purgeOlderThan), and another instance could then draw it.
 */
const RESERVATION_USABLE_MS = 60 * 60_000;

export interface ReferencePoolOptions {
  /** Reserves those of the candidates no one holds and returns them (one database statement). */
  reserve: (candidates: string[]) => Promise<string[]>;
  /** Draws a candidate (reference.ts `newReference`; tests: a fixed sequence). */
  draw?: () => string;
  now?: () => number;
}

/**
 * References reserved ahead, a batch at a time, so that a quote takes one without waiting for the
 * database: a reference is unique because the database reserved it (no record and no other
 * instance's reservation holds it), before any quote names it.
 */
export class ReferencePool {
  private readonly free: Array<{ reference: string; reservedAt: number }> = [];
  private refilling: Promise<void> | undefined;
  private readonly draw: () => string;
  private readonly now: () => number;

  constructor(private readonly options: ReferencePoolOptions) {
    this.draw = options.draw ?? newReference;
    this.now = options.now ?? Date.now;
  }

  /** A reserved reference at once, or undefined when none is left; a reservation starts when few are. */
  takeNow(): string | undefined {
    const usableSince = this.now() - RESERVATION_USABLE_MS;
    while (this.free.length > 0 && this.free[0]!.reservedAt < usableSince) this.free.shift();
    const taken = this.free.shift();
    if (this.free.length < REFILL_BELOW && !this.refilling) {
      // Between quotes; a failure here is seen by the next quote that finds the pool empty.
      this.refill().catch(() => {});
    }
    return taken?.reference;
  }

  /** A reserved reference, waiting for a reservation when none is left; throws what it threw. */
  async take(): Promise<string> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const reference = this.takeNow();
      if (reference !== undefined) return reference;
      await this.refill();
    }
    throw new Error('no quote reference could be reserved: every one drawn is taken');
  }

  /** One reservation (the one under way, if any). */
  refill(): Promise<void> {
    this.refilling ??= this.reserveBatch().finally(() => {
      this.refilling = undefined;
    });
    return this.refilling;
  }

  private async reserveBatch(): Promise<void> {
    const held = new Set(this.free.map((entry) => entry.reference));
    const candidates = new Set<string>();
    for (
      let drawn = 0;
      drawn < RESERVATION_BATCH * 2 && candidates.size < RESERVATION_BATCH;
      drawn++
    ) {
      const candidate = this.draw();
      if (!held.has(candidate)) candidates.add(candidate);
    }
    const reservedAt = this.now();
    for (const reference of await this.options.reserve([...candidates])) {
      this.free.push({ reference, reservedAt });
    }
  }
}
