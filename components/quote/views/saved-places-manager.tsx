'use client';

import { useTranslations } from 'use-intl';
import type { SavedPlaces } from '../effects/use-saved-places';
import styles from './styles/places-manager.module.css';

/** Each saved place: its name, editable in place (kept on leaving the field or Enter), and delete. */
export function PlacesManager({ places }: { places: SavedPlaces }) {
  const t = useTranslations('places');
  return (
    <ul className={styles.placeManager} aria-label={t('manageLabel')}>
      {places.places.map((place) => (
        <li key={place.id} className={styles.placeManagerRow}>
          <input
            className="input"
            defaultValue={place.name}
            maxLength={60}
            aria-label={t('rename', { name: place.name })}
            onBlur={(event) => places.rename(place.id, event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              places.rename(place.id, event.currentTarget.value);
            }}
          />
          <button
            type="button"
            className="button"
            onClick={() => places.remove(place.id)}
            aria-label={t('delete', { name: place.name })}
          >
            {t('deleteShort')}
          </button>
        </li>
      ))}
    </ul>
  );
}
