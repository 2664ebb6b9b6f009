import { redirect } from 'next/navigation';
import { QuoteScreen } from '@/components/quote/quote-screen';
import { env } from '@/lib/env';
import { currentSession } from '@/lib/session/current-session';

export default async function HomePage() {
  const user = await currentSession();
  if (!user) redirect('/sign-in');
  const { tileUrl, tileAttribution, builtinCourier } = env.publicConfig;
  return <QuoteScreen user={user} config={{ tileUrl, tileAttribution, builtinCourier }} />;
}
