'use client';

import { startTransition, useEffect, useEffectEvent, useRef, useState } from 'react';
import type { TripStore } from '../store/trip-store';
import { storedDraftOf } from '../store/trip-state';
import { draftKey } from '../trip/draft';
import { parseDraft, parseRecent, type storageKeys } from '../trip/draft-storage';
import { safeRead, safeWrite } from './local-storage';
import { takeQuoteToResume } from './use-quote-request';

/**
 * The draft on this device: restored once the stops' fields are on the client (`fieldsHydrated`:
 * storage exists only in the browser, and the fields' boundary must not be updated while still
 * dehydrated, see views/quote-panel.tsx), with its last result when that result belongs to this
 * very draft; saved at every change from then on; and a quote cut short by an expired session
 * sent again once the draft is back.
 */
export function useDraftOnDevice(
  store: TripStore,
  keys: ReturnType<typeof storageKeys>,
  resume: () => void,
  fieldsHydrated: boolean,
) {
  const [loaded, setLoaded] = useState(false);
  const resumeAfterLoad = useRef(false);
  const resumeQuote = useEffectEvent(resume);

  useEffect(() => {
    if (!fieldsHydrated) return;
    // `loaded` as a transition: nothing waits on it urgently (the store's own updates are
    // synchronous either way, read through useSyncExternalStore).
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
  }, [fieldsHydrated, keys, store]);

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
