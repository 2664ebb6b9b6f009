import 'server-only';
import type { CounterStore } from '../rate-limit/counter-store';
import { sharedCounterStore } from '../rate-limit/shared-limits';
import {
  doublingDelaySeconds,
  markKnown,
  memoryCounterStores,
  retryAfterSeconds as seconds,
} from '../rate-limit/throttle-parts';
import { processSingleton } from '../process-singleton';

/**
 * How guesses at API client secrets (`Authorization: Basic` on the courier's login) are held back.
 * A wrong secret is counted against the address it came from and against the client id it named
 * (when that client exists); past a few free ones in the window, each further attempt must come a
 * growing delay after the one before (doubling from `firstDelaySeconds` up to `maxDelaySeconds`),
 * and one that comes sooner is refused before its secret is looked at: refused attempts teach the
 * guesser nothing and neither count nor move the delay. An address where the client logged in
 * lately (the dispatch app's own) meets only a budget of its own for that client, so guesses from
 * elsewhere never keep the app out.
 */
export interface ClientGuessPolicy {
  windowSeconds: number;
  /** Wrong secrets from one address, over every client id, before the delay starts. */
  perAddressFree: number;
  /** Wrong secrets for one client id, from every address, before the delay starts. */
  perClientFree: number;
  /** Wrong secrets for one client id from an address where it logged in lately. */
  knownPairFree: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  /** How long a successful login makes its (client, address) pair a known one. */
  knownPairSeconds: number;
}

export const CLIENT_GUESS_POLICY: ClientGuessPolicy = {
  windowSeconds: 15 * 60,
  perAddressFree: 10,
  perClientFree: 30,
  knownPairFree: 20,
  firstDelaySeconds: 1,
  maxDelaySeconds: 5 * 60,
  knownPairSeconds: 30 * 24 * 3600,
};

export type ClientAttempt =
  | { allowed: true; settle(succeeded: boolean): Promise<void> }
  | { allowed: false; retryAfterSeconds: number };

interface Budget {
  key: string;
  free: number;
}

export class ClientGuessThrottle {
  constructor(
    private readonly stores: { failures: CounterStore; knownPairs: CounterStore },
    private readonly policy: ClientGuessPolicy = CLIENT_GUESS_POLICY,
    private readonly now: () => number = () => Date.now(),
  ) {}

  static inMemory(
    capacity: number,
    policy: ClientGuessPolicy = CLIENT_GUESS_POLICY,
    now: () => number = () => Date.now(),
  ): ClientGuessThrottle {
    const stores = memoryCounterStores(['failures', 'knownPairs'], capacity, now);
    return new ClientGuessThrottle(stores, policy, now);
  }

  /**
   * Whether credentials naming `clientId` (undefined: no configured client has that id) may be
   * checked now for a caller at `address`. When they may, `settle` must say how it went.
   */
  async begin(clientId: string | undefined, address: string): Promise<ClientAttempt> {
    try {
      return await this.tryBegin(clientId, address);
    } catch {
      // A shared store that is down lets the check through: the secret is still compared.
      return { allowed: true, settle: async () => {} };
    }
  }

  private async tryBegin(clientId: string | undefined, address: string): Promise<ClientAttempt> {
    const { stores, policy } = this;
    const pairKey = clientId === undefined ? undefined : `pair\n${clientId}\n${address}`;
    const known = pairKey !== undefined && (await stores.knownPairs.get(pairKey)) !== undefined;
    const budgets: Budget[] = known
      ? [{ key: pairKey!, free: policy.knownPairFree }]
      : [
          { key: `address\n${address}`, free: policy.perAddressFree },
          ...(clientId === undefined
            ? []
            : [{ key: `client\n${clientId}`, free: policy.perClientFree }]),
        ];
    const counted: Array<{ key: string; previousAt: number }> = [];
    const takeBack = async () => {
      for (const { key, previousAt } of counted) {
        await stores.failures.unhit(key, { restoreLastAt: previousAt });
      }
    };
    for (const { key, free } of budgets) {
      const count = await stores.failures.hit(key, policy.windowSeconds * 1000);
      counted.push({ key, previousAt: count.previousAt });
      const beyondFree = count.count - free;
      if (beyondFree > 0 && count.previousAt > 0) {
        const due = count.previousAt + this.delaySeconds(beyondFree) * 1000;
        if (this.now() < due) {
          await takeBack();
          return { allowed: false, retryAfterSeconds: seconds(due - this.now()) };
        }
      }
    }
    let settled = false;
    return {
      allowed: true,
      settle: async (succeeded) => {
        if (settled || !succeeded) return;
        settled = true;
        try {
          // A success is no guess: its counts are given back, and its address becomes known.
          for (const { key } of counted) await stores.failures.unhit(key);
          if (pairKey !== undefined) {
            await markKnown(stores.knownPairs, pairKey, policy.knownPairSeconds);
          }
        } catch {
          // A lost give-back only makes the limits a little stricter.
        }
      },
    };
  }

  /** The wait before attempt number `beyondFree` past the free ones (1, 2, …). */
  delaySeconds(beyondFree: number): number {
    return doublingDelaySeconds(this.policy, beyondFree);
  }
}

/** Keys each of the two counters holds (about 2.4 MB each, allotted at start). */
const CAPACITY = 65_536;

export const clientGuessThrottle = (): ClientGuessThrottle =>
  processSingleton(
    'courier-service:client-guess-throttle',
    // Counted by every instance together with REDIS_URL: a guesser gains nothing by spreading.
    () =>
      new ClientGuessThrottle({
        failures: sharedCounterStore('courier-basic:failures', CAPACITY),
        knownPairs: sharedCounterStore('courier-basic:known-pairs', CAPACITY),
      }),
  );
