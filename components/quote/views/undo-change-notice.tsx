'use client';

import { useTranslations } from 'use-intl';
import { useTrip, useTripStore } from '../store/use-trip';
import styles from './styles';

/**
 * After a pin moved by a tap or a drag, or a drop-off removed: what happened, and "Deshacer",
 * which puts that stop back as it was (store/undo-actions.ts). Drawn over the map's top edge,
 * which stays in view on every layout: on the phone the panel below may be scrolled far from
 * the pin toolbar (after a drag the focus goes to the moved stop's fields).
 */
export function UndoChangeNotice() {
  const t = useTranslations('pins');
  const store = useTripStore();
  const change = useTrip((state) => state.undoable);
  return (
    <div aria-live="polite" className={styles.undoChangeSlot}>
      {change && (
        <p
          className={`notice notice-info ${styles.undoNotice} ${styles.undoChange}`}
          data-testid="undo-change"
        >
          <span>
            {t(change.kind === 'moved' ? 'pinMoved' : 'stopRemoved', { letter: change.letter })}
          </span>
          <button type="button" className="button" onClick={store.undo}>
            {t('undoChange')}
          </button>
        </p>
      )}
    </div>
  );
}
