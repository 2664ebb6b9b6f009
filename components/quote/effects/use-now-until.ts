'use client';

import { useEffect, useState } from 'react';
import type { Quote } from '@/lib/api/quote';
import { expiryOnDevice } from '../trip/server-clock';
import { useServerClockOffset } from './use-server-clock';

/** Timers hold at most ~24.8 days; a quote's validity is minutes. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * Whether `moment` has passed, re-rendering once when it does (a quote's validity running out
 * while the dispatcher looks at it). Nothing ticks in between; a moment already past is known a
 * tick after the first render.
 */
export function usePassed(moment: Date): boolean {
  const at = moment.getTime();
  const [passedFor, setPassedFor] = useState<number | null>(null);
  useEffect(() => {
    const timer = setTimeout(
      () => setPassedFor(at),
      Math.min(Math.max(0, at - Date.now()), LONGEST_TIMER_MS),
    );
    return () => clearTimeout(timer);
  }, [at]);
  return passedFor === at;
}

/**
 * Whether a quote has expired, counted on the server's clock: its `expiresAt` moved onto the
 * device's clock by the measured offset. No quote (null) never expires.
 */
export function useQuoteExpired(quote: Pick<Quote, 'expiresAt'> | null): boolean {
  const offsetMs = useServerClockOffset();
  const passed = usePassed(quote ? expiryOnDevice(quote, offsetMs) : NEVER);
  return quote !== null && passed;
}

const NEVER = new Date(8.64e15);
