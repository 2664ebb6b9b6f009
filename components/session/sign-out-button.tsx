'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useTranslations } from 'use-intl';
import { requestJson } from '@/components/ui/request-json';

/** Ends the session on the server (the cookie goes with it), then shows the sign-in page. */
export function SignOutButton({ className }: { className?: string }) {
  const t = useTranslations('header');
  const router = useRouter();
  const [pending, setPending] = useState(false);

  async function signOut() {
    setPending(true);
    try {
      await requestJson('/api/session', { method: 'DELETE' });
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
