'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Coverage } from '@/lib/api/coverage';
import { coverageQuery } from './coverage-query';

/**
 * The zones the map draws (already in the query cache, or fetched once more), while `known` (the
 * built-in courier publishes them) and `wanted` (the screen has started, or a pin is down: the
 * first pin's mark needs them, an empty map does not). Read from the cache rather than through
 * useQuery, whose observer code would otherwise join the screen's first load.
 */
export function useCoverage(known: boolean, wanted = true): Coverage | undefined {
  const client = useQueryClient();
  const [coverage, setCoverage] = useState(() =>
    client.getQueryData<Coverage>(coverageQuery.queryKey),
  );
  useEffect(() => {
    if (!known || !wanted || coverage) return;
    client
      .fetchQuery(coverageQuery)
      .then(setCoverage)
      .catch(() => {
        // Without the zones nothing is judged on the screen, and messages name no areas; the
        // courier still refuses a point it does not serve.
      });
  }, [client, coverage, known, wanted]);
  return coverage;
}
