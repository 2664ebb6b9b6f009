import type { AddressField, FoundAddress } from '@/lib/api/geocode';
import { IDLE_LOOKUP, type LookupStatus } from './trip-state';
import type { LatLng } from '../trip/draft';

type Statuses = Readonly<Record<string, LookupStatus>>;

export interface AddressLookupPorts {
  /** The address at a point, or null when there is none (reverse-geocode.ts). */
  fetchAddress: (at: LatLng, signal: AbortSignal) => Promise<FoundAddress | null>;
  /** Where each stop's lookup stands changed. */
  setStatus: (update: (current: Statuses) => Statuses) => void;
  /** Applies an answer for the pin at `at` and says which fields it filled. */
  onAddress: (key: string, address: FoundAddress, at: LatLng) => AddressField[];
}

/**
 * The address at a pin, per stop (by stop key). A newer lookup for the same stop cancels the
 * older one, so a pin dragged twice never ends up with the first spot's address.
 */
export function createAddressLookups({ fetchAddress, setStatus, onAddress }: AddressLookupPorts) {
  const controllers = new Map<string, AbortController>();

  const set = (key: string, value: LookupStatus) =>
    setStatus((current) => (current[key] === value ? current : { ...current, [key]: value }));

  async function lookup(key: string, at: LatLng) {
    controllers.get(key)?.abort();
    const controller = new AbortController();
    controllers.set(key, controller);
    set(key, { state: 'loading' });
    try {
      const address = await fetchAddress(at, controller.signal);
      if (controller.signal.aborted) return;
      controllers.delete(key);
      set(
        key,
        address ? { state: 'filled', filled: onAddress(key, address, at) } : { state: 'none' },
      );
    } catch {
      if (controller.signal.aborted) return;
      controllers.delete(key);
      set(key, { state: 'failed' });
    }
  }

  /** Drops the lookups of the stops given; of every stop when no list is given. */
  function forget(keys?: readonly string[]) {
    for (const [key, controller] of controllers) {
      if (!keys || keys.includes(key)) {
        controller.abort();
        controllers.delete(key);
      }
    }
    setStatus((current) => {
      if (!keys) return Object.keys(current).length ? {} : current;
      if (!keys.some((key) => key in current)) return current;
      const next = { ...current };
      for (const key of keys) delete next[key];
      return next;
    });
  }

  /**
   * After two stops trade addresses, their answers trade places too. A lookup still on its way is
   * dropped: the caller asks again for the stop it now belongs to (returned).
   */
  function swap(a: string, b: string): string[] {
    const pending = [a, b].filter((key) => controllers.has(key));
    for (const key of pending) {
      controllers.get(key)!.abort();
      controllers.delete(key);
    }
    setStatus((current) => ({
      ...current,
      [a]: current[b] ?? IDLE_LOOKUP,
      [b]: current[a] ?? IDLE_LOOKUP,
    }));
    return pending.map((key) => (key === a ? b : a));
  }

  return { lookup, forget, swap };
}

export type AddressLookups = ReturnType<typeof createAddressLookups>;
