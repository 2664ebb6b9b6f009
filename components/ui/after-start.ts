'use client';

import { startTransition, useEffect, useState } from 'react';

/** Set once the page's start is over: later callers run at once, and no hook waits twice. */
let started = false;

/** The longest the start waits for the map to replace its preview (tiles unreachable, say). */
export const MAP_WAIT_MS = 5_000;

/**
 * Calls `then` once the quote screen's map has drawn: its server-drawn preview
 * (components/map/tile-preview.tsx, `data-map-preview`) leaves the page when Leaflet has drawn
 * its own tiles. At once on a page without one; MAP_WAIT_MS at most. Returns a cancel.
 */
function whenMapDrawn(then: () => void): () => void {
  const preview = document.querySelector('[data-map-preview]');
  if (!preview) {
    then();
    return () => undefined;
  }
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  const finish = () => {
    stop();
    then();
  };
  const observer = new MutationObserver(() => {
    if (!preview.isConnected) finish();
  });
  observer.observe(document.body, { childList: true, subtree: true });
  const timer = setTimeout(finish, MAP_WAIT_MS);
  return stop;
}

/**
 * Runs `run` once the page has loaded, its map (if it has one) has drawn, and then the browser has
 * a moment to spare (at most `timeoutMs` later): work the first paint and the first pin do not
 * need (stored lists, the coverage zones, the service worker) then never competes with hydrating
 * the screen or starting Leaflet, which the first tap on the map waits for. Safari has no
 * requestIdleCallback: a second (or the timeout, if shorter) stands in for "idle" there.
 * Returns a cancel.
 */
export function afterStart(run: () => void, timeoutMs: number): () => void {
  if (started) {
    run();
    return () => undefined;
  }
  let cancelMapWait: (() => void) | undefined;
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
  const afterLoad = () => {
    cancelMapWait = whenMapDrawn(whenIdle);
  };
  function finish() {
    started = true;
    run();
  }
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  return () => {
    window.removeEventListener('load', afterLoad);
    cancelMapWait?.();
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
