'use client';

import { useCallback } from 'react';
import { addRecent, parseRecent, type RecentQuote } from '../trip/draft-storage';
import { useStoredList } from './use-stored-list';

/** The last quotes of this dispatcher on this device, newest first (kept in localStorage). */
export function useRecentQuotes(storageKey: string) {
  const [recent, change] = useStoredList(storageKey, parseRecent);

  /** A new quote at the top of the list (a repeat of the same trip replaces its row). */
  const add = useCallback(
    (entry: Omit<RecentQuote, 'id'>) => {
      const id = `${entry.quote.issuedAt}-${Math.random().toString(36).slice(2, 8)}`;
      change((list) => addRecent(list, { ...entry, id }));
    },
    [change],
  );

  const clear = useCallback(() => change(() => []), [change]);

  return { recent, add, clear };
}
