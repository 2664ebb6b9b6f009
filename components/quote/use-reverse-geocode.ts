'use client';

import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { callApi } from '@/components/ui/api-client';
import type { AddressField, FoundAddress } from '@/lib/api/geocode';
import type { LatLng } from './quote-draft';

/** Where a stop's lookup stands; `filled` names the fields the answer filled in. */
export type LookupStatus =
  { state: 'idle' | 'loading' | 'none' | 'failed' } | { state: 'filled'; filled: AddressField[] };

export const IDLE_LOOKUP: LookupStatus = { state: 'idle' };

/**
 * The address at a pin, per stop (by stop key). A newer lookup for the same stop cancels the
 * older one, so a pin dragged twice never ends up with the first spot's address. `onAddress`
 * applies an answer and says which fields it filled.
 */
export function useReverseGeocode(
  onAddress: (key: string, address: FoundAddress, at: LatLng) => AddressField[],
) {
  const [status, setStatus] = useState<Readonly<Record<string, LookupStatus>>>({});
  const controllers = useRef(new Map<string, AbortController>());
  const callback = useRef(onAddress);
  useLayoutEffect(() => {
    callback.current = onAddress;
  });

  const set = (key: string, value: LookupStatus) =>
    setStatus((current) => (current[key] === value ? current : { ...current, [key]: value }));

  const lookup = useCallback(async (key: string, at: LatLng) => {
    controllers.current.get(key)?.abort();
    const controller = new AbortController();
    controllers.current.set(key, controller);
    set(key, { state: 'loading' });
    const query = { lat: at.lat.toFixed(7), lng: at.lng.toFixed(7) };
    try {
      const { address } = await callApi('geocodeReverse', {
        query,
        signal: controller.signal,
        timeoutMs: 10_000,
      });
      if (controller.signal.aborted) return;
      controllers.current.delete(key);
      set(
        key,
        address
          ? { state: 'filled', filled: callback.current(key, address, at) }
          : { state: 'none' },
      );
    } catch {
      if (controller.signal.aborted) return;
      controllers.current.delete(key);
      set(key, { state: 'failed' });
    }
  }, []);

  /** Drops the lookups of the stops given; of every stop when no list is given. */
  const forget = useCallback((keys?: readonly string[]) => {
    for (const [key, controller] of controllers.current) {
      if (!keys || keys.includes(key)) {
        controller.abort();
        controllers.current.delete(key);
      }
    }
    setStatus((current) => {
      if (!keys) return {};
      if (!keys.some((key) => key in current)) return current;
      const next = { ...current };
      for (const key of keys) delete next[key];
      return next;
    });
  }, []);

  /**
   * After two stops trade addresses, their answers trade places too. A lookup still on its way is
   * dropped: the caller asks again for the stop it now belongs to (returned).
   */
  const swap = useCallback((a: string, b: string): string[] => {
    const pending = [a, b].filter((key) => controllers.current.has(key));
    for (const key of pending) {
      controllers.current.get(key)!.abort();
      controllers.current.delete(key);
    }
    setStatus((current) => ({
      ...current,
      [a]: current[b] ?? IDLE_LOOKUP,
      [b]: current[a] ?? IDLE_LOOKUP,
    }));
    return pending.map((key) => (key === a ? b : a));
  }, []);

  return { status, lookup, forget, swap };
}
