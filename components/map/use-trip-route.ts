'use client';

import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callApi } from '@/components/ui/api-client';
import type { LatLng } from '@/components/quote/trip/draft';
import type { RouteView } from '@/components/quote/trip/route-view';

/**
 * The road route through the pins, in order, from GET /api/road-route. The map asks for it (this code
 * loads with the map's deferred chunk, not with the screen) and hands what it draws up to the
 * result, which compares its km with the courier's. The pins change only when one settles (a drag
 * ends, a tap, a search, typed coordinates), never while a pin is dragged, so that is when a route
 * is asked for; it never waits for, nor holds up, a quote.
 */

/** What the server rounds stops to before routing (lib/road-routes/route-key.ts): one key per route. */
const DECIMALS = 5;

/** Each stop as `lat,lng` (the query's `at`, in stop order). */
const stopsOf = (points: readonly LatLng[]) =>
  points.map((p) => `${p.lat.toFixed(DECIMALS)},${p.lng.toFixed(DECIMALS)}`);

export function useTripRoute(points: readonly LatLng[], roadRoutes: boolean): RouteView {
  const at = stopsOf(points);
  const enabled = roadRoutes && points.length >= 2;
  const { data, isError } = useQuery({
    queryKey: ['route', ...at],
    queryFn: ({ signal }) => callApi('roadRoute', { query: { at }, signal, timeoutMs: 15_000 }),
    enabled,
    // Roads do not move while a dispatcher works on a trip; a route that fell back is asked again.
    staleTime: (result) => (result.state.data?.route.fallback ? 0 : 30 * 60_000),
    retry: false,
  });
  const legs = points.length - 1;
  return useMemo((): RouteView => {
    if (!enabled) return { kind: 'straight', reason: 'none' };
    if (isError) return { kind: 'straight', reason: 'router_unavailable' };
    if (!data) return { kind: 'straight', reason: 'loading' };
    const { route } = data;
    if (route.source === 'straight' || route.legs.length !== legs) {
      return { kind: 'straight', reason: route.fallback ?? 'router_unavailable' };
    }
    return { kind: 'road', route };
  }, [enabled, isError, data, legs]);
}
