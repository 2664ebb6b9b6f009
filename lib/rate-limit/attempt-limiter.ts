import 'server-only';
import { MemoryCounterStore, type CounterStore } from './counter-store';

/**
 * Counts attempts per key (a session, say) in a fixed window and refuses those beyond the
 * allowance. The counts live in a `CounterStore`: in this process by default (bounded, see
 * counter-store.ts); a shared store makes every instance count together.
 */
export interface AttemptLimiter {
  /** Spends one attempt; refused with the seconds to wait once the window's attempts are spent. */
  consume(key: string): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }>;
}

export interface AttemptAllowance {
  attempts: number;
  windowSeconds: number;
}

export function attemptLimiter(
  store: CounterStore,
  { attempts, windowSeconds }: AttemptAllowance,
  now: () => number = () => Date.now(),
): AttemptLimiter {
  return {
    async consume(key) {
      try {
        const count = await store.hit(key, windowSeconds * 1000);
        if (count.count <= attempts) return { allowed: true };
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil((count.resetAt - now()) / 1000)),
        };
      } catch {
        // The store itself failed (a shared store that is down): let the attempt through rather
        // than refuse every dispatcher.
        return { allowed: true };
      }
    },
  };
}

export function memoryAttemptLimiter(
  allowance: AttemptAllowance & { capacity: number },
): AttemptLimiter {
  return attemptLimiter(new MemoryCounterStore({ capacity: allowance.capacity }), allowance);
}
