import { MAP_VIEW_COOKIE, rememberMapView } from '@/components/map/map-view';
import { TILE_CACHE, WORKER_MESSAGES } from '@/lib/offline/worker-messages';

/**
 * What signing out removes from the device, so that the next person on a shared tablet sees
 * nothing of the last (docs/security.md, "Signing out clears the device"): every key the app
 * keeps in localStorage and sessionStorage (each dispatcher's draft, recent quotes, saved places,
 * the quote to resume: `dispatch-quote:v1:<email>:…`), the saved map view (its cookie), and the
 * map tiles the service worker kept (Cache Storage and IndexedDB). The device cookie, which is
 * httpOnly and holds nothing of the trips, stays: it lets the dispatcher back in past a stranger's
 * lockout.
 */
export const APP_STORAGE_PREFIX = 'dispatch-quote:';

/** Removes every key of `storage` that starts with `prefix`; returns how many went. */
export function removeKeysByPrefix(storage: Storage, prefix: string): number {
  const doomed: string[] = [];
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (key?.startsWith(prefix)) doomed.push(key);
  }
  for (const key of doomed) storage.removeItem(key);
  return doomed.length;
}

/** The `document.cookie` text that removes the saved map view. */
export const clearedMapViewCookie = () => `${MAP_VIEW_COOKIE}=; path=/; max-age=0; samesite=lax`;

/** Settles after `ms` at the latest, whatever `work` does (a worker that never replies, say). */
const within = (work: Promise<unknown>, ms: number) =>
  Promise.race([work.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, ms))]);

/** Asks the active service worker to drop its tiles; resolves once it has (or could not). */
function askWorkerToForgetTiles(): Promise<unknown> {
  const worker = navigator.serviceWorker?.controller;
  if (!worker) return Promise.resolve(false);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data);
    worker.postMessage({ type: WORKER_MESSAGES.forgetTiles }, [channel.port2]);
  });
}

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve();
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = request.onerror = () => resolve();
  });
}

/** Clears the device of the dispatcher's work. Never throws; takes two seconds at most. */
export async function forgetDevice(): Promise<void> {
  for (const storage of [globalThis.localStorage, globalThis.sessionStorage]) {
    try {
      if (storage) removeKeysByPrefix(storage, APP_STORAGE_PREFIX);
    } catch {
      // Storage switched off: nothing was kept there.
    }
  }
  rememberMapView(false);
  document.cookie = clearedMapViewCookie();
  // The worker closes its database first; whatever it left (no worker yet, say), the page drops.
  await within(askWorkerToForgetTiles(), 1_500);
  await within(
    Promise.all([
      'caches' in globalThis ? caches.delete(TILE_CACHE) : undefined,
      deleteDatabase(TILE_CACHE),
    ]),
    500,
  );
}
