'use client';

import { memo, useEffect, useId, useRef, useState } from 'react';
import { useTranslations } from 'use-intl';
import { canUndoClear } from '../store/trip-state';
import { useTrip, useTripStore } from '../store/use-trip';
import styles from './styles';

/**
 * How long the notice stays while the dispatcher is not using it. The focus or the pointer on it
 * holds it (a keyboard or screen-reader user reaches "Deshacer" at their own pace); it starts
 * counting again once they leave it. The undo itself lasts until the trip changes again.
 */
export const UNDO_NOTICE_MS = 15_000;

/**
 * After a pin moved by a tap or a drag, a drop-off removed, or the whole trip cleared ("Limpiar",
 * "Nueva cotización"): what happened, and "Deshacer", which puts it back as it was
 * (store/undo-actions.ts, whole-trip-actions.ts). Drawn over the map's top edge, which stays in
 * view on every layout: the panel below may be scrolled anywhere. After a removal or a clear the
 * button that was pressed is gone or disabled, so the focus goes to "Deshacer" (a move keeps it
 * on the moved stop's fields).
 */
export const UndoChangeNotice = memo(function UndoChangeNotice() {
  const t = useTranslations('pins');
  const store = useTripStore();
  const id = useId();
  const change = useTrip((state) => state.undoable);
  const cleared = useTrip((state) => (canUndoClear(state) ? state.cleared : null));
  /** What the notice is about: its identity, for the focus and the lifetime. */
  const subject = change ?? cleared;
  const [expired, setExpired] = useState<object | null>(null);
  const [held, setHeld] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  const takesFocus = subject !== null && (change === null || change.kind === 'removed');
  useEffect(() => {
    if (takesFocus) button.current?.focus();
  }, [subject, takesFocus]);

  useEffect(() => {
    if (!subject || held) return;
    const timer = setTimeout(() => setExpired(subject), UNDO_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [subject, held]);

  const shown = subject !== null && subject !== expired;
  const message = change
    ? t(change.kind === 'moved' ? 'pinMoved' : 'stopRemoved', { letter: change.letter })
    : t('cleared');
  return (
    <div aria-live="polite" className={styles.undoChangeSlot}>
      {shown && (
        <p
          className={`notice notice-info ${styles.undoNotice} ${styles.undoChange}`}
          data-testid="undo-change"
          onFocus={() => setHeld(true)}
          onBlur={() => setHeld(false)}
          onPointerEnter={() => setHeld(true)}
          onPointerLeave={() => setHeld(false)}
        >
          <span id={`${id}-what`}>{message}</span>
          <button
            ref={button}
            type="button"
            className="button"
            aria-describedby={`${id}-what`}
            onClick={change ? store.undo : store.undoClear}
          >
            {t(change ? 'undoChange' : 'undoClear')}
          </button>
        </p>
      )}
    </div>
  );
});
