import { MemoryCounterStore, type CounterStore } from './counter-store';

/**
 * What the two throttles of guesses are built from: the dispatch app's sign-in throttle
 * (sign-in-throttle.ts) and the built-in courier's throttle of client secrets.
 */

/** A wait in whole seconds, as Retry-After says it: never 0. */
export const retryAfterSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * The wait before attempt number `beyondFree` past the free ones (1, 2, …): doubling from
 * `firstDelaySeconds` up to `maxDelaySeconds`.
 */
export function doublingDelaySeconds(
  { firstDelaySeconds, maxDelaySeconds }: { firstDelaySeconds: number; maxDelaySeconds: number },
  beyondFree: number,
): number {
  return Math.min(firstDelaySeconds * 2 ** Math.min(beyondFree - 1, 30), maxDelaySeconds);
}

/** Memory stores of `capacity` keys each, one per name, on the same clock. */
export function memoryCounterStores<Name extends string>(
  names: readonly Name[],
  capacity: number,
  now: () => number,
): Record<Name, CounterStore> {
  const stores = names.map((name): [Name, CounterStore] => [
    name,
    new MemoryCounterStore({ capacity, now }),
  ]);
  return Object.fromEntries(stores) as Record<Name, CounterStore>;
}

/**
 * Marks `key` known for `seconds`, afresh at every success: the window is how long it stays
 * known.
 */
export async function markKnown(store: CounterStore, key: string, seconds: number): Promise<void> {
  await store.delete(key);
  await store.hit(key, seconds * 1000);
}
