'use client';

import { useEffect, useState } from 'react';

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
