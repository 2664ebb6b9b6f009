'use client';

import { memo, useEffect, useState } from 'react';
import { useFormatter, useTranslations } from 'use-intl';
import { letterChanges, letteringKey, type LetterChange } from '../trip/stop-identity';
import type { Stop } from '../trip/trip-stops';
import styles from './styles';

/** How long the notice stays on screen after the letters changed. */
const SHOWN_MS = 12_000;

/**
 * "D ahora es C y C ahora es D": said (in a live region) and shown above the stops whenever a
 * move or a removal gives a stop that is still there another letter.
 */
export const StopLetterNotice = memo(function StopLetterNotice({
  stops,
}: {
  stops: readonly Stop[];
}) {
  const t = useTranslations('point');
  const format = useFormatter();
  const key = letteringKey(stops);
  const [seen, setSeen] = useState({ key, stops });
  const [changes, setChanges] = useState<LetterChange[]>([]);
  if (seen.key !== key) {
    // Compared while rendering (React's "adjusting state when a prop changes"): the notice
    // appears in the same frame as the new letters.
    setSeen({ key, stops });
    const found = letterChanges(seen.stops, stops);
    if (found.length > 0) setChanges(found);
  }
  useEffect(() => {
    if (changes.length === 0) return;
    const timer = setTimeout(() => setChanges([]), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [changes]);

  return (
    <div aria-live="polite" aria-atomic="true" className={styles.letterNoticeSlot}>
      {changes.length > 0 && (
        <p className={`notice notice-info ${styles.letterNotice}`} data-testid="letter-notice">
          {t('lettersChanged', {
            changes: format.list(
              changes.map((change) => t('letterNow', { from: change.from, to: change.to })),
              { type: 'conjunction' },
            ),
          })}
        </p>
      )}
    </div>
  );
});
