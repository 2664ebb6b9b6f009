'use client';

import { useCallback, useEffect, useEffectEvent, useRef } from 'react';
import { draftKey } from '../trip/draft';
import { parseRecent, type StoredDraft } from '../trip/draft-storage';
import { takeQuoteToResume } from './use-quote-request';
import { safeRead } from './use-recent-quotes';
import { useStoredDraft } from './use-stored-draft';
import type { ShownQuote } from './use-whole-trip';

/**
 * The draft on this device: restored once the screen starts (with its last result when that
 * result belongs to this very draft), saved at every change, and a quote cut short by an expired
 * session sent again once the draft is back.
 */
export function useDraftOnDevice({
  keys,
  draft,
  restore,
  setShown,
  resume,
}: {
  keys: { draft: string; recent: string; resume: string };
  draft: StoredDraft;
  restore: (stored: StoredDraft) => void;
  setShown: (shown: ShownQuote) => void;
  resume: () => void;
}) {
  const resumeAfterLoad = useRef(false);
  const resumeQuote = useEffectEvent(resume);

  const onRestore = useCallback(
    (stored: StoredDraft | null) => {
      if (stored) {
        restore(stored);
        const last = parseRecent(safeRead(keys.recent))[0];
        const key = draftKey(stored.values);
        if (last && draftKey(last.values) === key) {
          setShown({ quote: last.quote, key, values: last.values });
        }
      }
      resumeAfterLoad.current = takeQuoteToResume(keys.resume);
    },
    [keys, restore, setShown],
  );
  const loaded = useStoredDraft(keys.draft, draft, onRestore);

  useEffect(() => {
    if (loaded && resumeAfterLoad.current) {
      resumeAfterLoad.current = false;
      resumeQuote();
    }
  }, [loaded]);
}
