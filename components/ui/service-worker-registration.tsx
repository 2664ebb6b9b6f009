'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import { afterStart } from './after-start';
import { askOfflineReady, registerServiceWorker } from './use-offline-status';

/**
 * Installs the app's service worker (production builds only) once the page has loaded and the
 * browser is idle, so that it never competes with the screen's first paint or first taps; then,
 * on every page the app shows (signing in reaches the screen without a page load), asks it to keep
 * the screen for offline use.
 */
export function ServiceWorkerRegistration({ tileUrl }: { tileUrl: string }) {
  const pathname = usePathname();
  const [registered, setRegistered] = useState(false);

  useEffect(() => {
    if (registered) void askOfflineReady().catch(() => undefined);
  }, [registered, pathname]);

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    if (process.env.NODE_ENV !== 'production') {
      // `next dev` serves changing files: a worker left by a production run would serve old ones.
      void navigator.serviceWorker
        .getRegistrations()
        .then((registrations) => registrations.forEach((r) => void r.unregister()));
      return;
    }
    return afterStart(
      () =>
        void registerServiceWorker(tileUrl).then(
          () => setRegistered(true),
          () => undefined,
        ),
      5_000,
    );
  }, [tileUrl]);
  return null;
}
