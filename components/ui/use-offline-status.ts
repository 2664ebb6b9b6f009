'use client';

import { useSyncExternalStore } from 'react';
import { SCREEN_CACHE_PREFIX, SHELL_COOKIE } from '@/lib/offline/offline-screen';
import { WORKER_MESSAGES, type ScreenStatus } from '@/lib/offline/worker-messages';

/** What the service worker can do for this device (lib/offline/service-worker.ts). */
export interface OfflineStatus {
  /**
   * The signed-in screen opens with no network on this device: its copy for this session and its
   * build files are kept. False until the worker says so, and after sign-out.
   */
  offlineReady: boolean;
  /**
   * A new version of the app is installed and waits: it takes over at the next open of the app
   * (when no window of it is left), never in the middle of a quote. Nothing needs doing; a screen
   * may say "a new version opens next time".
   */
  updateWaiting: boolean;
}

const NOTHING_YET: OfflineStatus = { offlineReady: false, updateWaiting: false };
let status = NOTHING_YET;
const listeners = new Set<() => void>();

function update(change: Partial<OfflineStatus>) {
  status = { ...status, ...change };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The status now, outside React (useOfflineStatus re-renders on every change). */
export function currentOfflineStatus(): OfflineStatus {
  return status;
}

/** Whether this device can open the screen offline, and whether a new version waits. */
export function useOfflineStatus(): OfflineStatus {
  return useSyncExternalStore(
    subscribe,
    () => status,
    () => NOTHING_YET,
  );
}

function ask<T>(worker: ServiceWorker, message: object): Promise<T> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data as T);
    worker.postMessage(message, [channel.port2]);
  });
}

function watchForUpdates(registration: ServiceWorkerRegistration) {
  // A worker waiting while another controls this window is a new version, not the first install.
  const check = () =>
    update({
      updateWaiting: Boolean(registration.waiting && navigator.serviceWorker.controller),
    });
  registration.addEventListener('updatefound', () => {
    registration.installing?.addEventListener('statechange', check);
  });
  check();
}

/** How long after the worker is ready a tile fetched without it may still land (one in flight). */
const HAND_OVER_WINDOW_MS = 30_000;

/**
 * Hands the worker the map tiles this page fetched without it, to keep them: those shown before it
 * was ready (tiles come as images, and as the preloads of the first view), and those in flight
 * when it took the page over, which land after (it never saw them; `workerStart` is 0), for
 * HAND_OVER_WINDOW_MS. The worker keeps only what its rules call tiles and ignores anything else.
 */
function handOverTilesFetchedWithoutIt(ready: ServiceWorker | null) {
  const handOver = (entries: PerformanceEntryList) => {
    const shown = entries
      .filter((entry) => {
        const timing = entry as PerformanceResourceTiming;
        return ['img', 'link'].includes(timing.initiatorType) && timing.workerStart === 0;
      })
      .map((entry) => entry.name);
    const worker = navigator.serviceWorker.controller ?? ready;
    if (worker && shown.length > 0) {
      worker.postMessage({ type: WORKER_MESSAGES.cacheUrls, payload: { urlsToCache: shown } });
    }
  };
  handOver(performance.getEntriesByType('resource'));
  const observer = new PerformanceObserver((list) => handOver(list.getEntries()));
  observer.observe({ type: 'resource' });
  setTimeout(() => observer.disconnect(), HAND_OVER_WINDOW_MS);
}

/**
 * Registers the worker (after the page has loaded: it never competes with the screen's own
 * downloads). The page is never reloaded, whatever the worker does.
 */
export async function registerServiceWorker(tileUrl: string): Promise<void> {
  const script = `/sw.js?tiles=${encodeURIComponent(tileUrl)}`;
  const registration = await navigator.serviceWorker.register(script, {
    scope: '/',
    updateViaCache: 'none',
  });
  watchForUpdates(registration);
  // The first worker takes this window over as soon as it is ready: what the window fetched until
  // then, or had in flight then, did not go through it.
  handOverTilesFetchedWithoutIt((await navigator.serviceWorker.ready).active);
}

/**
 * Asks the worker to keep the signed-in screen for this session (when it has no copy yet: the
 * screen reached by signing in was not opened through it), and whether it can open offline.
 */
export async function askOfflineReady(): Promise<void> {
  const { active } = await navigator.serviceWorker.ready;
  if (!active) return;
  const { offlineReady } = await ask<ScreenStatus>(active, { type: WORKER_MESSAGES.screenStatus });
  update({ offlineReady });
}

/**
 * At sign-out, before anything else: the copy of the screen kept for offline use goes, and with it
 * the cookie that would let the worker serve it, even when the network is down and the server
 * never hears of the sign-out.
 */
export async function forgetOfflineScreen(): Promise<void> {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${SHELL_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
  update({ offlineReady: false });
  if (!('caches' in window)) return;
  const names = await caches.keys();
  await Promise.all(
    names.filter((name) => name.startsWith(SCREEN_CACHE_PREFIX)).map((name) => caches.delete(name)),
  );
}
