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
  const onLoad = () => {
    cancelIdle = whenIdle(() => {
      started = true;
      run();
    }, timeoutMs);
  };
  if (document.readyState === 'complete') onLoad();
  else window.addEventListener('load', onLoad, { once: true });
  return () => {
    window.removeEventListener('load', onLoad);
    cancelIdle?.();
  };
}

/**
 * Runs `run` when the browser next has a moment to spare (at most `timeoutMs` later; a second, or
 * the timeout if shorter, where there is no requestIdleCallback). Returns a cancel.
 */
export function whenIdle(run: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, Math.min(timeoutMs, 1_000));
  return () => clearTimeout(id);
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

/**
 * False until `ready` has been true once the page's start was over and then the browser had a
 * moment to spare (at most `timeoutMs` later); never back. Drawn as a transition, as
 * useAfterStart's change is. For work that waits for a step of the dispatcher's (the first pin)
 * rather than for the start alone.
 */
export function useIdleOnceReady(ready: boolean, timeoutMs: number): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (done || !ready) return;
    let cancelIdle: (() => void) | undefined;
    const cancelStart = afterStart(() => {
      cancelIdle = whenIdle(() => startTransition(() => setDone(true)), timeoutMs);
    }, timeoutMs);
    return () => {
      cancelStart();
      cancelIdle?.();
    };
  }, [done, ready, timeoutMs]);
  return done;
}
