'use client';

import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { requestJson } from '@/components/ui/request-json';
import type { AddressField, FoundAddress, ReverseAnswer } from '@/lib/geocoding/answers';
import type { LatLng, PointKey } from './quote-draft';

/** Where a point's lookup stands; `filled` names the fields the answer filled in. */
export type LookupStatus =
  { state: 'idle' | 'loading' | 'none' | 'failed' } | { state: 'filled'; filled: AddressField[] };

const IDLE: LookupStatus = { state: 'idle' };
const IDLE_BOTH: Record<PointKey, LookupStatus> = { pickup: IDLE, dropoff: IDLE };

/**
 * The address at a pin, per point. A newer lookup for the same point cancels the older one, so a
 * pin dragged twice never ends up with the first spot's address. `onAddress` applies an answer and
 * says which fields it filled.
 */
export function useReverseGeocode(
  onAddress: (key: PointKey, address: FoundAddress, at: LatLng) => AddressField[],
) {
  const [status, setStatus] = useState(IDLE_BOTH);
  const controllers = useRef<Partial<Record<PointKey, AbortController>>>({});
  const callback = useRef(onAddress);
  useLayoutEffect(() => {
    callback.current = onAddress;
  });

  const set = (key: PointKey, value: LookupStatus) =>
    setStatus((current) => (current[key] === value ? current : { ...current, [key]: value }));

  const lookup = useCallback(async (key: PointKey, at: LatLng) => {
    controllers.current[key]?.abort();
    const controller = new AbortController();
    controllers.current[key] = controller;
    set(key, { state: 'loading' });
    const params = new URLSearchParams({ lat: at.lat.toFixed(7), lng: at.lng.toFixed(7) });
    try {
      const { address } = await requestJson<ReverseAnswer>(`/api/geocode/reverse?${params}`, {
        signal: controller.signal,
        timeoutMs: 10_000,
      });
      if (controller.signal.aborted) return;
      controllers.current[key] = undefined;
      set(
        key,
        address
          ? { state: 'filled', filled: callback.current(key, address, at) }
          : { state: 'none' },
      );
    } catch {
      if (controller.signal.aborted) return;
      controllers.current[key] = undefined;
      set(key, { state: 'failed' });
    }
  }, []);

  const forget = useCallback((key?: PointKey) => {
    for (const point of key ? [key] : (['pickup', 'dropoff'] as const)) {
      controllers.current[point]?.abort();
      set(point, IDLE);
    }
  }, []);

  /**
   * After A and B trade places, their answers trade places too. A lookup still on its way is
   * dropped: the caller asks again for the point it now belongs to (returned).
   */
  const swap = useCallback((): PointKey[] => {
    const pending = (['pickup', 'dropoff'] as const).filter((key) => {
      const controller = controllers.current[key];
      return controller !== undefined && !controller.signal.aborted;
    });
    for (const key of pending) controllers.current[key]!.abort();
    setStatus((current) => ({ pickup: current.dropoff, dropoff: current.pickup }));
    return pending.map((key) => (key === 'pickup' ? 'dropoff' : 'pickup'));
  }, []);

  return { status, lookup, forget, swap };
}
