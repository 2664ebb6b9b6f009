'use client';

import { useCallback, useState } from 'react';
import type { LatLng } from '../trip/draft';

export type LocationProblem = 'denied' | 'timeout' | 'unavailable' | 'unsupported';

/** "Use my location": one reading, with each way it can fail told apart. */
export function useGeolocation({ timeoutMs = 10_000 }: { timeoutMs?: number } = {}) {
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<LocationProblem | null>(null);

  const locate = useCallback(
    (onFound: (at: LatLng) => void) => {
      setProblem(null);
      if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
        setProblem('unsupported');
        return;
      }
      setLocating(true);
      navigator.geolocation.getCurrentPosition(
        (position) => {
          setLocating(false);
          onFound({ lat: position.coords.latitude, lng: position.coords.longitude });
        },
        (error) => {
          setLocating(false);
          setProblem(
            error.code === error.PERMISSION_DENIED
              ? 'denied'
              : error.code === error.TIMEOUT
                ? 'timeout'
                : 'unavailable',
          );
        },
        { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 60_000 },
      );
    },
    [timeoutMs],
  );

  const dismiss = useCallback(() => setProblem(null), []);
  return { locating, problem, locate, dismiss };
}
