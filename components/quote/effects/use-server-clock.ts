'use client';

import { useSyncExternalStore } from 'react';
import { clockOffsetMs, type ClockReading } from '../trip/server-clock';
import { safeRead, safeWrite } from './local-storage';

/**
 * The device's offset from the server's clock: measured with every quote answered, kept on the
 * device (a clock's error belongs to the device, not to a dispatcher), so the recent quotes are
 * counted with it after a reload too. Until a first answer, the device's clock is taken as right.
 */

const STORAGE_KEY = 'dispatch-quote:v1:server-clock-offset';
const listeners = new Set<() => void>();
let offsetMs: number | undefined;

function currentOffset(): number {
  if (offsetMs === undefined) {
    const stored = Number(safeRead(STORAGE_KEY));
    offsetMs = Number.isFinite(stored) ? stored : 0;
  }
  return offsetMs;
}

/** An answer's timing heard: from now on validity is counted with the offset it shows. */
export function heardServerClock(reading: ClockReading): void {
  const measured = clockOffsetMs(reading);
  if (measured === null || measured === offsetMs) return;
  offsetMs = measured;
  safeWrite(STORAGE_KEY, String(measured));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** How far the server's clock is ahead of this device's, in ms (negative: behind). */
export function useServerClockOffset(): number {
  return useSyncExternalStore(subscribe, currentOffset, () => 0);
}
