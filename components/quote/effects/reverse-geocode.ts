import { callApi } from '@/components/ui/api-client';
import type { FoundAddress } from '@/lib/api/geocode';
import type { LatLng } from '../trip/draft';

/** The address the app's geocoder finds at a point (GET /api/geocode/reverse), or null. */
export async function fetchAddressAt(
  at: LatLng,
  signal: AbortSignal,
): Promise<FoundAddress | null> {
  const query = { lat: at.lat.toFixed(7), lng: at.lng.toFixed(7) };
  const { address } = await callApi('geocodeReverse', { query, signal, timeoutMs: 10_000 });
  return address ?? null;
}
