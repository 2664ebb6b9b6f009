'use client';

import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { requestJson } from '@/components/ui/request-json';
import type { FoundAddress } from './address-search';
import type { LatLng, PointKey } from './quote-draft';

export type LookupStatus = 'idle' | 'loading' | 'filled' | 'none' | 'failed';

const IDLE: Record<PointKey, LookupStatus> = { pickup: 'idle', dropoff: 'idle' };

/**
 * The address at a pin, per point. A newer lookup for the same point cancels the older one, so a
 * pin dragged twice never ends up with the first spot's address.
 */
export function useReverseGeocode(
  onAddress: (key: PointKey, address: FoundAddress, at: LatLng) => void,
) {
  const [status, setStatus] = useState(IDLE);
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
    set(key, 'loading');
    const params = new URLSearchParams({ lat: at.lat.toFixed(7), lng: at.lng.toFixed(7) });
    try {
      const { address } = await requestJson<{ address: FoundAddress | null }>(
        `/api/geocode/reverse?${params}`,
        { signal: controller.signal, timeoutMs: 10_000 },
      );
      if (controller.signal.aborted) return;
      if (address) callback.current(key, address, at);
      set(key, address ? 'filled' : 'none');
    } catch {
      if (!controller.signal.aborted) set(key, 'failed');
    }
  }, []);

  const forget = useCallback((key?: PointKey) => {
    for (const point of key ? [key] : (['pickup', 'dropoff'] as const)) {
      controllers.current[point]?.abort();
      set(point, 'idle');
    }
  }, []);

  /** After A and B trade places, their lookups trade places too. */
  const swap = useCallback(() => {
    setStatus((current) => ({ pickup: current.dropoff, dropoff: current.pickup }));
  }, []);

  return { status, lookup, forget, swap };
}
