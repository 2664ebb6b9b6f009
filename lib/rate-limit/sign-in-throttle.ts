import type { CounterStore } from './counter-store';
import {
  doublingDelaySeconds,
  markKnown,
  memoryCounterStores,
  retryAfterSeconds as seconds,
} from './throttle-parts';

/**
 * How failed sign-ins are held back, so that guessing hurts the guesser and not the dispatcher
 * (README, "Lockout policy"). The dispatch app applies it to POST /api/session, the built-in
 * courier to its login; each keeps its own counts.
 *
 * - Per (account, address): `perPair` attempts in `windowSeconds`, then refused until the window
 *   ends. Tight: it stops one guesser, and touches no one else.
 * - Per address, over every account: `perAddress` attempts in `windowSeconds`, then refused —
 *   someone trying many accounts.
 * - Per account, over every address: the first `perAccount.free` attempts in its window are free;
 *   past them, each source (an account and address pair) must book its attempt: its first try is
 *   refused with a Retry-After of the account's delay (doubling with every further failure, from
 *   `firstDelaySeconds` up to `maxDelaySeconds`), and the same source is let through once that
 *   time has come, within `perAccount.graceSeconds`. A guesser who hammers, or rotates addresses,
 *   never comes back to its booking and gets no password checked; a dispatcher on a new device
 *   who waits as told gets in. Each further guess costs an address held for the whole delay.
 * - An address where the account signed in successfully lately (`knownPairSeconds`) is a known
 *   one, and so is a `trusted` source (a device that signed the account in before, or a courier
 *   token issued for it: proof of an earlier success): its attempts for that account skip the
 *   per-address and per-account rules and only meet the per-pair one. Someone guessing a
 *   dispatcher's password from elsewhere cannot lock the dispatcher out of their usual places.
 *
 * Attempts are counted when they begin (so a burst in parallel cannot slip past a count that has
 * not caught up yet) and given back when they succeed or when the password was never judged (the
 * courier was down). A refusal by the per-pair or per-account rule keeps its per-address count: a
 * refused guess costs the guesser's address. An address already refused touches no per-account
 * count.
 */
export interface SignInPolicy {
  windowSeconds: number;
  perPair: number;
  perAddress: number;
  perAccount: {
    free: number;
    windowSeconds: number;
    firstDelaySeconds: number;
    maxDelaySeconds: number;
    /** How long a booked attempt stays open once its time has come. */
    graceSeconds: number;
  };
  knownPairSeconds: number;
}

export const SIGN_IN_POLICY: SignInPolicy = {
  windowSeconds: 15 * 60,
  perPair: 5,
  perAddress: 20,
  perAccount: {
    free: 10,
    windowSeconds: 60 * 60,
    firstDelaySeconds: 2,
    maxDelaySeconds: 5 * 60,
    graceSeconds: 2 * 60,
  },
  knownPairSeconds: 30 * 24 * 3600,
};

export interface SignInThrottleStores {
  pairs: CounterStore;
  addresses: CounterStore;
  accounts: CounterStore;
  /** A hit marks an (account, address) pair as known until its window ends. */
  knownPairs: CounterStore;
}

export type ThrottleRule = 'pair' | 'address' | 'account';

/** How an attempt that was let through ended. */
export type AttemptOutcome =
  /** The password was right. */
  | 'succeeded'
  /** The password was wrong (or the account unknown): it counts. */
  | 'failed'
  /** Nobody judged the password (the courier was down, slow, garbled): it does not count. */
  | 'unjudged';

export type SignInAttempt =
  | { allowed: true; knownPair: boolean; settle(outcome: AttemptOutcome): Promise<void> }
  | { allowed: false; rule: ThrottleRule; retryAfterSeconds: number };

/** The wait before attempt number `beyondFree` past the free ones (1, 2, …). */
export const accountDelaySeconds = (policy: SignInPolicy, beyondFree: number): number =>
  doublingDelaySeconds(policy.perAccount, beyondFree);

export class SignInThrottle {
  constructor(
    private readonly stores: SignInThrottleStores,
    private readonly policy: SignInPolicy = SIGN_IN_POLICY,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Memory stores of `capacity` keys each (four of them), on the same clock. */
  static inMemory(
    capacity: number,
    policy: SignInPolicy = SIGN_IN_POLICY,
    now: () => number = () => Date.now(),
  ): SignInThrottle {
    const stores = memoryCounterStores(
      ['pairs', 'addresses', 'accounts', 'knownPairs'],
      capacity,
      now,
    );
    return new SignInThrottle(stores, policy, now);
  }

  /**
   * Whether an attempt for `account` from `address` may go ahead now. When it may, the caller
   * must `settle` it with its outcome. A `trusted` source proved an earlier success for the
   * account (a device cookie, an earlier courier token): `address` then names that proof.
   */
  async begin(
    account: string,
    address: string,
    { trusted = false }: { trusted?: boolean } = {},
  ): Promise<SignInAttempt> {
    try {
      return trusted
        ? await this.tryBeginTrusted(account, address)
        : await this.tryBegin(account, address);
    } catch {
      // A store that failed (a shared store that is down) lets attempts through rather than lock
      // every dispatcher out; the password is still checked.
      return { allowed: true, knownPair: false, settle: async () => {} };
    }
  }

  /**
   * A source that proved an earlier success (`address` names the proof): only its own failures
   * count, `perPair` in `windowSeconds`, and they are counted once judged, not when the attempt
   * begins. A proof is the holder's alone, so there is no burst of strangers to get ahead of, and
   * attempts that never end (an instance killed during a renewal, a renewal abandoned) or that run
   * at once (a shift's tablets renewing together) cannot fill its count and refuse the holder.
   */
  private async tryBeginTrusted(account: string, address: string): Promise<SignInAttempt> {
    const { stores, policy } = this;
    const pairKey = `${account}\n${address}`;
    const failures = await stores.pairs.get(pairKey);
    if (failures && failures.count >= policy.perPair && failures.resetAt > this.now()) {
      return {
        allowed: false,
        rule: 'pair',
        retryAfterSeconds: seconds(failures.resetAt - this.now()),
      };
    }
    let settled = false;
    return {
      allowed: true,
      knownPair: true,
      settle: async (outcome) => {
        if (settled) return;
        settled = true;
        try {
          if (outcome === 'failed') await stores.pairs.hit(pairKey, policy.windowSeconds * 1000);
          if (outcome === 'succeeded') {
            await stores.pairs.delete(pairKey);
            await markKnown(stores.knownPairs, pairKey, policy.knownPairSeconds);
          }
        } catch {
          // A lost count only makes the limit a little looser for a holder of the proof.
        }
      },
    };
  }

  private async tryBegin(account: string, address: string): Promise<SignInAttempt> {
    const { stores, policy } = this;
    const windowMs = policy.windowSeconds * 1000;
    const pairKey = `${account}\n${address}`;
    const knownPair = (await stores.knownPairs.get(pairKey)) !== undefined;
    const counted: Array<{ store: CounterStore; key: string }> = [];
    const takeBack = async ({ keepAddress = false } = {}) => {
      for (const { store, key } of counted) {
        if (!(keepAddress && store === stores.addresses)) await store.unhit(key);
      }
    };
    /** The source's booked attempt, in the pairs' store (so every store implementation has it). */
    const bookingKey = `booked\n${pairKey}`;
    let booked = false;

    if (!knownPair) {
      const byAddress = await stores.addresses.hit(address, windowMs);
      counted.push({ store: stores.addresses, key: address });
      if (byAddress.count > policy.perAddress) {
        await takeBack();
        return {
          allowed: false,
          rule: 'address',
          retryAfterSeconds: seconds(byAddress.resetAt - this.now()),
        };
      }
    }

    const byPair = await stores.pairs.hit(pairKey, windowMs);
    counted.push({ store: stores.pairs, key: pairKey });
    if (byPair.count > policy.perPair) {
      await takeBack({ keepAddress: true });
      return {
        allowed: false,
        rule: 'pair',
        retryAfterSeconds: seconds(byPair.resetAt - this.now()),
      };
    }

    if (!knownPair) {
      const byAccount = await stores.accounts.hit(account, policy.perAccount.windowSeconds * 1000);
      counted.push({ store: stores.accounts, key: account });
      const beyondFree = byAccount.count - policy.perAccount.free;
      if (beyondFree > 0) {
        const graceMs = policy.perAccount.graceSeconds * 1000;
        const booking = await stores.pairs.get(bookingKey);
        let due = booking && booking.resetAt - graceMs;
        if (due === undefined || this.now() < due) {
          // Refused: counts against the guesser's address only, not the account's budget.
          await takeBack({ keepAddress: true });
          if (due === undefined) {
            const waitMs = accountDelaySeconds(policy, beyondFree) * 1000;
            await stores.pairs.hit(bookingKey, waitMs + graceMs);
            due = this.now() + waitMs;
          }
          return { allowed: false, rule: 'account', retryAfterSeconds: seconds(due - this.now()) };
        }
        booked = true;
      }
    }

    let settled = false;
    return {
      allowed: true,
      knownPair,
      settle: async (outcome) => {
        if (settled) return;
        settled = true;
        try {
          // A booking is used up once the password was judged; unjudged, it still holds.
          if (booked && outcome !== 'unjudged') await stores.pairs.delete(bookingKey);
          if (outcome === 'failed') return;
          await takeBack();
          if (outcome === 'succeeded') {
            await stores.pairs.delete(pairKey);
            await markKnown(stores.knownPairs, pairKey, policy.knownPairSeconds);
          }
        } catch {
          // A lost give-back only makes the limits a little stricter.
        }
      },
    };
  }
}
