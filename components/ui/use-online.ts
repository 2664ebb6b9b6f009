'use client';

import { useSyncExternalStore } from 'react';
import { KEPT_COPY_TIMING } from '@/lib/offline/offline-screen';

/**
 * Whether the app can reach its server. `navigator.onLine` knows when the device has no network at
 * all, not when a network carries nothing (a weak signal at a customer's door, a captive portal).
 * So the app also counts as offline when a request failed for want of a network, or when the
 * screen was opened from the copy the service worker keeps (it does that only when the network
 * failed or did not answer); from then until the server answers again. While offline, a light
 * request (the app's manifest, never cached) asks every 10 seconds, and at once when the browser
 * says the network is back or the screen comes to the front.
 */
const PROBE_EVERY_MS = 10_000;
const PROBE_URL = '/manifest.webmanifest';

let unreachable = false;
let probe: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function setUnreachable(value: boolean) {
  if (unreachable === value) return;
  unreachable = value;
  if (value && probe === undefined) probe = setInterval(checkServer, PROBE_EVERY_MS);
  if (!value && probe !== undefined) {
    clearInterval(probe);
    probe = undefined;
  }
  for (const listener of listeners) listener();
}

/** Whether a request has failed for want of a network since the server last answered. */
export function isServerUnreachable(): boolean {
  start();
  return unreachable;
}

/** A request got no answer for want of a network (api-client.ts calls this). */
export function reportNetworkFailure(): void {
  setUnreachable(true);
}

/** The server answered a request, whatever it said. */
export function reportServerAnswer(): void {
  setUnreachable(false);
}

async function checkServer() {
  if (navigator.onLine === false) return;
  try {
    await fetch(PROBE_URL, { method: 'HEAD', cache: 'no-store', credentials: 'omit' });
    reportServerAnswer();
  } catch {
    // Still no network: the next probe asks again.
  }
}

function openedFromKeptCopy(): boolean {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return Boolean(navigation?.serverTiming?.some((entry) => entry.name === KEPT_COPY_TIMING));
}

let started = false;

/** The page's own start: opened from the kept copy means the network had failed. */
function start() {
  if (started || typeof window === 'undefined') return;
  started = true;
  if (openedFromKeptCopy()) setUnreachable(true);
}

function subscribe(onChange: () => void) {
  start();
  const recheck = () => {
    if (unreachable && document.visibilityState === 'visible') void checkServer();
  };
  listeners.add(onChange);
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  window.addEventListener('online', recheck);
  document.addEventListener('visibilitychange', recheck);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
    window.removeEventListener('online', recheck);
    document.removeEventListener('visibilitychange', recheck);
  };
}

/**
 * Whether the app can reach its server now (the server render assumes it can). Turns true again
 * by itself when the server answers: a screen can wait on it to send what it held back.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine && !unreachable,
    () => true,
  );
}
