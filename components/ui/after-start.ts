'use client';

import { startTransition, useEffect, useState } from 'react';

/** Set once the page's start is over: later callers run at once, and no hook waits twice. */
let started = false;

/**
 * Runs `run` once the page has loaded and then the browser has a moment to spare (at most
 * `timeoutMs` later): work the first paint and the first pin do not need (stored lists, the
 * coverage zones, the service worker) then never competes with hydrating the screen. Safari has
 * no requestIdleCallback: a second (or the timeout, if shorter) stands in for "idle" there.
 * Returns a cancel.
 */
export function afterStart(run: () => void, timeoutMs: number): () => void {
  if (started) {
    run();
    return () => undefined;
  }
  let cancelIdle: (() => void) | undefined;
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(finish, { timeout: timeoutMs });
      cancelIdle = () => window.cancelIdleCallback(id);
    } else {
      const id = setTimeout(finish, Math.min(timeoutMs, 1_000));
      cancelIdle = () => clearTimeout(id);
    }
  };
  function finish() {
    started = true;
    run();
  }
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  return () => {
    window.removeEventListener('load', whenIdle);
    cancelIdle?.();
  };
}

/**
 * False while the page starts, true once `afterStart` would run (see there); never back. The
 * change is drawn as a transition: React draws it in slices that leave the main thread free for a
 * tap, where an ordinary update drew the whole screen in one long task (Lighthouse's TBT).
 */
export function useAfterStart(timeoutMs: number): boolean {
  const [done, setDone] = useState(started);
  useEffect(() => {
    if (done) return;
    return afterStart(() => startTransition(() => setDone(true)), timeoutMs);
  }, [done, timeoutMs]);
  return done;
}
