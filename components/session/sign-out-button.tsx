'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useTranslations } from 'use-intl';
import { callApi } from '@/components/ui/api-client';
import { forgetOfflineScreen } from '@/components/ui/use-offline-status';
import { forgetDevice } from './forget-device';

/**
 * Ends the session on the server (the cookie goes with it), then shows the sign-in page. The copy
 * of the screen kept for offline use goes first, and the dispatcher's work kept on the device
 * (drafts, recent quotes, saved map view, map tiles: forget-device.ts), so that even a sign-out
 * without a network leaves nothing to open offline, nor for the next person on the tablet to see.
 */
export function SignOutButton({ className }: { className?: string }) {
  const t = useTranslations('header');
  const router = useRouter();
  const [pending, setPending] = useState(false);

  async function signOut() {
    setPending(true);
    await Promise.all([forgetOfflineScreen().catch(() => undefined), forgetDevice()]);
    try {
      await callApi('signOut');
    } catch {
      // Signed out or not, the dispatcher asked to leave: the sign-in page checks the session anyway.
    }
    router.replace('/sign-in?reason=signed-out');
    router.refresh();
  }

  return (
    <button
      type="button"
      className={`button ${className ?? ''}`}
      onClick={signOut}
      disabled={pending}
    >
      {pending ? t('signingOut') : t('signOut')}
    </button>
  );
}
