import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { MapChunkPreload } from '@/components/map/map-chunk-preload';
import { zoneView } from '@/components/map/zone-views';
import { QuoteScreen } from '@/components/quote/quote-screen';
import { MAP_VIEW_COOKIE, parseMapView } from '@/components/map/map-view';
import { env } from '@/lib/env';
import { currentSession } from '@/lib/session/current-session';

export default async function HomePage() {
  const user = await currentSession();
  if (!user) redirect('/sign-in');
  const { tileUrl, tileAttribution, builtinCourier, router } = env.publicConfig;
  // Where the dispatcher left the map, else their zone: the server draws that view's tiles.
  const mapView =
    parseMapView((await cookies()).get(MAP_VIEW_COOKIE)?.value ?? null) ?? zoneView(user.zone);
  return (
    <>
      <QuoteScreen
        user={user}
        config={{
          tileUrl,
          tileAttribution,
          builtinCourier,
          roadRoutes: router !== 'none',
          mapView,
        }}
      />
      <MapChunkPreload rel="preload" />
    </>
  );
}
