'use client';

import { startTransition, useEffect, useEffectEvent, useRef, useState } from 'react';
import type { TripStore } from '../store/trip-store';
import { storedDraftOf } from '../store/trip-state';
import { draftKey } from '../trip/draft';
import { parseDraft, parseRecent, type storageKeys } from '../trip/draft-storage';
import { safeRead, safeWrite } from './local-storage';
import { takeQuoteToResume } from './use-quote-request';

/**
 * The draft on this device: restored once, right after the first render (storage exists only in
 * the browser), with its last result when that result belongs to this very draft; saved at every
 * change from then on; and a quote cut short by an expired session sent again once the draft is
 * back. The restore is a transition: the re-render it causes yields to the browser every few
 * milliseconds instead of holding the main thread while the screen is still starting up.
 */
export function useDraftOnDevice(
  store: TripStore,
  keys: ReturnType<typeof storageKeys>,
  resume: () => void,
) {
  const [loaded, setLoaded] = useState(false);
  const resumeAfterLoad = useRef(false);
  const resumeQuote = useEffectEvent(resume);

  useEffect(() => {
    startTransition(() => {
      const stored = parseDraft(safeRead(keys.draft));
      if (stored) {
        store.restore(stored);
        const last = parseRecent(safeRead(keys.recent))[0];
        const key = draftKey(stored.values);
        if (last && draftKey(last.values) === key) {
          store.setShown({ quote: last.quote, key, values: last.values });
        }
      }
      resumeAfterLoad.current = takeQuoteToResume(keys.resume);
      setLoaded(true);
    });
  }, [keys, store]);

  useEffect(() => {
    if (!loaded) return;
    let saved = '';
    const save = () => {
      const text = JSON.stringify(storedDraftOf(store.get()));
      if (text === saved) return;
      saved = text;
      safeWrite(keys.draft, text);
    };
    save();
    return store.subscribe(save);
  }, [keys, loaded, store]);

  useEffect(() => {
    if (loaded && resumeAfterLoad.current) {
      resumeAfterLoad.current = false;
      resumeQuote();
    }
  }, [loaded]);
}
