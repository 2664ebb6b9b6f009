'use client';

import { startTransition, useEffect, useEffectEvent, useState } from 'react';
import { parseDraft, type StoredDraft } from '../trip/draft-storage';
import { safeRead, safeWrite } from './use-recent-quotes';

/**
 * The draft on the device: restored once, right after the first render (storage exists only in
 * the browser), and saved at every change from then on. The restore is a transition: the
 * re-render it causes yields to the browser every few milliseconds instead of holding the main
 * thread while the screen is still starting up. Returns whether the restore has happened.
 */
export function useStoredDraft(
  storageKey: string,
  draft: StoredDraft,
  onRestore: (stored: StoredDraft | null) => void,
): boolean {
  const [loaded, setLoaded] = useState(false);
  const restore = useEffectEvent(onRestore);

  useEffect(() => {
    startTransition(() => {
      restore(parseDraft(safeRead(storageKey)));
      setLoaded(true);
    });
  }, [storageKey]);

  const text = JSON.stringify(draft);
  useEffect(() => {
    if (loaded) safeWrite(storageKey, text);
  }, [loaded, storageKey, text]);

  return loaded;
}
