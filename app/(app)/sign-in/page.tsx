import { redirect } from 'next/navigation';
import { MapChunkPreload } from '@/components/map/map-chunk-preload';
import { SignInForm } from '@/components/session/sign-in-form';
import { safeNextPath } from '@/components/session/safe-next-path';
import { AppName } from '@/components/ui/app-name';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { env } from '@/lib/env';
import { canSignOutEverywhere, currentSession } from '@/lib/session/current-session';
import styles from './sign-in.module.css';

/** The built-in courier's demo account (README, "Demo credentials"); shown only while that courier serves. */
const DEMO_ACCOUNT = { email: 'dispatcher@example.com', password: 'demo-password' };

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const next = safeNextPath(params.next);
  if (await currentSession()) redirect(next);

  const reason = params.reason;
  const notice = reason === 'expired' ? 'expired' : reason === 'signed-out' ? 'signedOut' : null;
  const offerSignOutEverywhere = notice === 'signedOut' && (await canSignOutEverywhere());

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <p className={styles.brand}>
          <AppName />
        </p>
        <LanguageSwitch />
      </header>
      <main className={styles.main}>
        <SignInForm
          next={next}
          notice={notice}
          demoAccount={env.publicConfig.demoAccount ? DEMO_ACCOUNT : null}
          offerSignOutEverywhere={offerSignOutEverywhere}
        />
      </main>
      {/* The screen that follows the sign-in: its map's code, fetched while the dispatcher types. */}
      <MapChunkPreload rel="prefetch" />
    </div>
  );
}
