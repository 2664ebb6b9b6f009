'use client';

import { startTransition, useCallback, useEffect, useState } from 'react';
import { afterStart } from '@/components/ui/after-start';
import { safeRead, safeWrite } from './local-storage';

/** At most this long after the page's load event, the list is read even if the browser is busy. */
const READ_WITHIN_MS = 1_500;

/**
 * A list this dispatcher keeps on this device (localStorage under `storageKey`), and `change`,
 * which rewrites it from what is stored now (another tab may have written since). `parse` must be
 * a stable function (a module's own), as it is an effect's dependency.
 */
export function useStoredList<T>(storageKey: string, parse: (text: string | null) => T[]) {
  const [list, setList] = useState<T[]>([]);

  useEffect(() => {
    // Storage exists only in the browser, and no list is needed for the first pin: read once the
    // screen has started (components/ui/after-start.ts); nothing to re-render when the list is
    // empty, and a transition (yielding) re-render when it is not.
    return afterStart(() => {
      const stored = parse(safeRead(storageKey));
      startTransition(() =>
        setList((current) => (stored.length || current.length ? stored : current)),
      );
    }, READ_WITHIN_MS);
  }, [storageKey, parse]);

  const change = useCallback(
    (update: (list: T[]) => T[]) => {
      const next = update(parse(safeRead(storageKey)));
      safeWrite(storageKey, JSON.stringify(next));
      setList(next);
    },
    [storageKey, parse],
  );

  return [list, change] as const;
}
