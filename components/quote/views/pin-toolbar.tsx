'use client';

import { memo, useId } from 'react';
import { useTranslations } from 'use-intl';
import { stopColour } from '../trip/stop-colours';
import type { Stop } from '../trip/trip-stops';
import type { LocationProblem } from '../effects/use-geolocation';
import styles from './styles';

const LOCATION_MESSAGES = {
  denied: 'locationDenied',
  timeout: 'locationTimeout',
  unsupported: 'locationUnsupported',
  unavailable: 'locationUnavailable',
} as const satisfies Record<LocationProblem, string>;

/**
 * Which stop the next tap on the map places, and the pin actions: my location, swap, clear. A
 * clear is undone from the notice over the map (undo-change-notice.tsx), which stays in view.
 */
export const PinToolbar = memo(function PinToolbar({
  stops,
  activeStop,
  onActiveStopChange,
  onUseMyLocation,
  locating,
  locationProblem,
  onSwap,
  onClear,
  canSwap,
  canClear,
}: {
  stops: readonly Stop[];
  activeStop: string;
  onActiveStopChange: (key: string) => void;
  onUseMyLocation: () => void;
  locating: boolean;
  locationProblem: LocationProblem | null;
  onSwap: () => void;
  onClear: () => void;
  canSwap: boolean;
  canClear: boolean;
}) {
  const t = useTranslations('pins');
  const name = useId();
  return (
    <div className={styles.toolbar}>
      <fieldset className={styles.pinChoice}>
        <legend className={styles.pinChoiceLegend}>{t('nextTap')}</legend>
        <div className={styles.segments} data-many={stops.length > 2 || undefined}>
          {stops.map((stop) => {
            const label =
              stop.role === 'pickup' ? t('pickup') : t('dropoff', { letter: stop.letter });
            return (
              <label
                key={stop.key}
                className={styles.segment}
                style={{ ['--seg-color' as string]: stopColour(stop.position) }}
              >
                <input
                  type="radio"
                  name={name}
                  value={stop.key}
                  checked={activeStop === stop.key}
                  onChange={() => onActiveStopChange(stop.key)}
                  aria-label={label}
                />
                {/* With many stops the letters alone fit; the radio keeps the whole name. */}
                <span aria-hidden={stops.length > 2 || undefined}>
                  {stops.length > 2 ? stop.letter : label}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <div className={styles.pinActions}>
        <button type="button" className="button" onClick={onUseMyLocation} disabled={locating}>
          <LocationIcon />
          {locating ? t('locating') : t('useMyLocation')}
        </button>
        <button type="button" className="button" onClick={onSwap} disabled={!canSwap}>
          <SwapIcon />
          {t('swap')}
        </button>
        <button type="button" className="button" onClick={onClear} disabled={!canClear}>
          <ClearIcon />
          {t('clear')}
        </button>
      </div>
      {locationProblem && (
        <p role="alert" className={`notice notice-warning ${styles.toolbarNotice}`}>
          {t(LOCATION_MESSAGES[locationProblem])}
        </p>
      )}
    </div>
  );
});

function LocationIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="4" fill="currentColor" />
      <circle cx="12" cy="12" r="8" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M12 1v4M12 19v4M1 12h4M19 12h4" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/** A 20 px line icon beside a button's words (decorative: the words name the button). */
function StrokeIcon({ d }: { d: string }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

const SwapIcon = () => <StrokeIcon d="M7 4v15M7 4 3 8M7 4l4 4M17 20V5M17 20l-4-4M17 20l4-4" />;
const ClearIcon = () => <StrokeIcon d="M5 7h14M10 7V4h4v3M7 7l1 13h8l1-13" />;
