'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'use-intl';
import { callApi, RequestError } from '@/components/ui/api-client';
import styles from './sign-out-everywhere.module.css';

type State = 'idle' | 'pending' | 'done' | 'failed' | 'expired';

/**
 * Right after signing out on this device: ends every other session of the dispatcher's account
 * too (a lost tablet, a shared computer). The server allows it for ten minutes after the sign-out,
 * to this browser only.
 */
export function SignOutEverywhere() {
  const t = useTranslations('signIn.everywhere');
  const id = useId();
  const [state, setState] = useState<State>('idle');

  async function signOutEverywhere() {
    setState('pending');
    try {
      await callApi('signOutEverywhere');
      setState('done');
    } catch (error) {
      setState(error instanceof RequestError && error.status === 401 ? 'expired' : 'failed');
    }
  }

  if (state === 'done') {
    return (
      <p role="status" className="notice notice-info">
        {t('done')}
      </p>
    );
  }
  return (
    <section className={styles.section} aria-labelledby={`${id}-prompt`}>
      <p id={`${id}-prompt`}>{t('prompt')}</p>
      <button
        type="button"
        className="button"
        onClick={signOutEverywhere}
        disabled={state === 'pending' || state === 'expired'}
      >
        {state === 'pending' ? t('pending') : t('action')}
      </button>
      {(state === 'failed' || state === 'expired') && (
        <p role="alert" className="notice notice-error">
          {t(state)}
        </p>
      )}
    </section>
  );
}
