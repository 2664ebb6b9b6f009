'use client';

import { useRouter } from 'next/navigation';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslations } from 'use-intl';
import { callApi, RequestError } from '@/components/ui/api-client';
import type { ApiErrorCode } from '@/lib/api/errors';
import { validationValues } from '@/lib/quote/validation-values';
import { checkSignIn, type SignInFieldMessage } from './sign-in-check';
import styles from './sign-in-form.module.css';
import { SignOutEverywhere } from './sign-out-everywhere';

/** The failures the form words (signIn.errors.*): the API's codes and the screen's own. */
type SignInError =
  | Extract<ApiErrorCode, 'invalid_credentials' | 'rate_limited' | 'courier_unavailable'>
  | 'offline'
  | 'unknown';

function errorOf(error: unknown): SignInError {
  if (!(error instanceof RequestError)) return 'unknown';
  if (error.code === 'invalid_credentials' || error.code === 'invalid_request') {
    return 'invalid_credentials';
  }
  if (error.code === 'rate_limited') return 'rate_limited';
  if (error.code === 'offline' || error.code === 'network') return 'offline';
  if (error.code.startsWith('courier_') || error.status >= 500 || error.code === 'timeout') {
    return 'courier_unavailable';
  }
  return 'unknown';
}

export function SignInForm({
  next,
  notice,
  demoAccount,
  offerSignOutEverywhere = false,
}: {
  next: string;
  notice: 'expired' | 'signedOut' | null;
  demoAccount: { email: string; password: string } | null;
  /** This browser signed out minutes ago: it may end the account's other sessions too. */
  offerSignOutEverywhere?: boolean;
}) {
  const t = useTranslations('signIn');
  const tField = useTranslations();
  const router = useRouter();
  const id = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [showPassword, setShowPassword] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<SignInError | null>(null);
  const [fieldErrors, setFieldErrors] = useState<{
    email?: SignInFieldMessage;
    password?: SignInFieldMessage;
  }>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const checked = checkSignIn({
      email: String(data.get('email') ?? ''),
      password: String(data.get('password') ?? ''),
    });
    setFieldErrors(checked.ok ? {} : checked.errors);
    setFailure(null);
    if (!checked.ok) {
      return (checked.errors.email ? emailRef : passwordRef).current?.focus();
    }

    setPending(true);
    try {
      await callApi('signIn', { body: checked.input });
      router.replace(next);
      router.refresh();
    } catch (error) {
      setFailure(errorOf(error));
      setPending(false);
      passwordRef.current?.select();
    }
  }

  function fillDemo() {
    if (!demoAccount || !emailRef.current || !passwordRef.current) return;
    emailRef.current.value = demoAccount.email;
    passwordRef.current.value = demoAccount.password;
    setFieldErrors({});
    passwordRef.current.focus();
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className={styles.title}>
        {t('title')}
      </h1>
      <p className={styles.intro}>{t('intro')}</p>

      {notice && <p className="notice notice-info">{t(notice)}</p>}
      {offerSignOutEverywhere && <SignOutEverywhere />}

      <div className="field">
        <label className="field-label" htmlFor={`${id}-email`}>
          {t('email')}
        </label>
        <input
          ref={emailRef}
          id={`${id}-email`}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          className="input"
          aria-invalid={fieldErrors.email ? true : undefined}
          aria-describedby={fieldErrors.email ? `${id}-email-error` : undefined}
          required
        />
        {fieldErrors.email && (
          <p id={`${id}-email-error`} className="field-error">
            {tField(fieldErrors.email, validationValues(fieldErrors.email))}
          </p>
        )}
      </div>

      <div className="field">
        <label className="field-label" htmlFor={`${id}-password`}>
          {t('password')}
        </label>
        <div className={styles.passwordRow}>
          <input
            ref={passwordRef}
            id={`${id}-password`}
            name="password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            className="input"
            aria-invalid={fieldErrors.password ? true : undefined}
            aria-describedby={fieldErrors.password ? `${id}-password-error` : undefined}
            required
          />
          <button
            type="button"
            className="button"
            aria-pressed={showPassword}
            aria-controls={`${id}-password`}
            onClick={() => setShowPassword((shown) => !shown)}
          >
            {t.rich('showPassword', {
              sr: (chunks) => <span className="sr-only">{chunks}</span>,
            })}
          </button>
        </div>
        {fieldErrors.password && (
          <p id={`${id}-password-error`} className="field-error">
            {tField(fieldErrors.password, validationValues(fieldErrors.password))}
          </p>
        )}
      </div>

      {failure && (
        <p role="alert" className="notice notice-error">
          {t(`errors.${failure}`)}
        </p>
      )}

      <button type="submit" className={`button button-primary ${styles.submit}`} disabled={pending}>
        {pending ? t('submitting') : t('submit')}
      </button>

      {demoAccount && (
        <section className={styles.demo} aria-labelledby={`${id}-demo`}>
          <h2 id={`${id}-demo`} className={styles.demoTitle}>
            {t('demoTitle')}
          </h2>
          <p>
            {t.rich('demoText', {
              email: demoAccount.email,
              password: demoAccount.password,
              code: (chunks) => <code>{chunks}</code>,
            })}
          </p>
          <button type="button" className="button" onClick={fillDemo}>
            {t('demoFill')}
          </button>
        </section>
      )}
    </form>
  );
}
