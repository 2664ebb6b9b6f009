'use client';

import { useId } from 'react';
import { useTranslations } from 'use-intl';
import type { PointKey } from './quote-draft';
import styles from './quote-screen.module.css';

/** Which pin the next tap on the map places, and the pin actions: my location, swap, clear. */
export function PinToolbar({
  activePin,
  onActivePinChange,
  onUseMyLocation,
  locating,
  onSwap,
  onClear,
  canSwap,
  canClear,
  locationMessage,
}: {
  activePin: PointKey;
  onActivePinChange: (key: PointKey) => void;
  onUseMyLocation: () => void;
  locating: boolean;
  onSwap: () => void;
  onClear: () => void;
  canSwap: boolean;
  canClear: boolean;
  locationMessage: string | null;
}) {
  const t = useTranslations('pins');
  const name = useId();
  return (
    <div className={styles.toolbar}>
      <fieldset className={styles.pinChoice}>
        <legend className={styles.pinChoiceLegend}>{t('nextTap')}</legend>
        <div className={styles.segments}>
          {(['pickup', 'dropoff'] as const).map((key) => (
            <label
              key={key}
              className={`${styles.segment} ${key === 'pickup' ? styles.segmentA : styles.segmentB}`}
            >
              <input
                type="radio"
                name={name}
                value={key}
                checked={activePin === key}
                onChange={() => onActivePinChange(key)}
              />
              <span>{t(key)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className={styles.pinActions}>
        <button type="button" className="button" onClick={onUseMyLocation} disabled={locating}>
          <LocationIcon />
          {locating ? t('locating') : t('useMyLocation')}
        </button>
        <button type="button" className="button" onClick={onSwap} disabled={!canSwap}>
          {t('swap')}
        </button>
        <button type="button" className="button" onClick={onClear} disabled={!canClear}>
          {t('clear')}
        </button>
      </div>
      {locationMessage && (
        <p role="alert" className={`notice notice-warning ${styles.toolbarNotice}`}>
          {locationMessage}
        </p>
      )}
    </div>
  );
}

function LocationIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="4" fill="currentColor" />
      <circle cx="12" cy="12" r="8" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M12 1v4M12 19v4M1 12h4M19 12h4" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}
