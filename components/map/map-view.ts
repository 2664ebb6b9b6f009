import type { LatLng } from '@/components/quote/trip/draft';

/** Where the map looks: its centre and zoom. */
export interface MapView extends LatLng {
  zoom: number;
}

/** The cookie that remembers where the dispatcher left the map (read by the server, see app/(app)/page.tsx). */
export const MAP_VIEW_COOKIE = 'dq_map_view';
const ONE_YEAR_SECONDS = 365 * 24 * 3600;

/**
 * Whether the map may save its view now. "Salir" turns it off before it clears the cookie: the map
 * stays on screen until the page changes, and a move that ends meanwhile would write it back. A map
 * that mounts (the next dispatcher's) turns it on again.
 */
let rememberingView = true;
export const rememberMapView = (on: boolean) => {
  rememberingView = on;
};
export const remembersMapView = () => rememberingView;

/** `document.cookie` text that remembers `view` for a year (5 decimals: about a metre). */
export function mapViewCookie(view: MapView): string {
  const value = JSON.stringify({
    lat: Number(view.lat.toFixed(5)),
    lng: Number(view.lng.toFixed(5)),
    zoom: view.zoom,
  });
  return `${MAP_VIEW_COOKIE}=${encodeURIComponent(value)}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
}

/** The cookie's view, checked; anything odd gives null (the map then opens on the zone). */
export function parseMapView(text: string | null): MapView | null {
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const { lat, lng, zoom } = data as Record<string, unknown>;
  const degrees = (value: unknown, limit: number): value is number =>
    typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;
  if (!degrees(lat, 90) || !degrees(lng, 180)) return null;
  if (typeof zoom !== 'number' || !Number.isInteger(zoom) || zoom < 3 || zoom > 19) return null;
  return { lat, lng, zoom };
}
