'use client';

import { startTransition, useCallback, useEffect, useState } from 'react';
import { addRecent, parseRecent, type RecentQuote } from '../trip/draft-storage';
import { safeRead, safeWrite } from './local-storage';

/** The last quotes of this dispatcher on this device, newest first (kept in localStorage). */
export function useRecentQuotes(storageKey: string) {
  const [recent, setRecent] = useState<RecentQuote[]>([]);

  useEffect(() => {
    // Storage exists only in the browser: read after the first render, not during it; nothing to
    // re-render when there is no history, and a transition (yielding) re-render when there is.
    const stored = parseRecent(safeRead(storageKey));
    startTransition(() =>
      setRecent((current) => (stored.length || current.length ? stored : current)),
    );
  }, [storageKey]);

  /** A new quote at the top of the list (a repeat of the same trip replaces its row). */
  const add = useCallback(
    (entry: Omit<RecentQuote, 'id'>) => {
      const id = `${entry.quote.quotedAt}-${Math.random().toString(36).slice(2, 8)}`;
      const next = addRecent(parseRecent(safeRead(storageKey)), { ...entry, id });
      safeWrite(storageKey, JSON.stringify(next));
      setRecent(next);
    },
    [storageKey],
  );

  const clear = useCallback(() => {
    safeWrite(storageKey, '[]');
    setRecent([]);
  }, [storageKey]);

  return { recent, add, clear };
}
