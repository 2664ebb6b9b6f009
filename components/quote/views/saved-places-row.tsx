'use client';

import dynamic from 'next/dynamic';
import { useId, useState } from 'react';
import { useTranslations } from 'use-intl';
import type { PointDraft } from '../trip/draft';
import { isSavable, type SavedPlace } from '../trip/saved-places';
import type { SavedPlaces } from '../effects/use-saved-places';
import styles from './styles';

/** Renaming and deleting come when asked for. */
const PlacesManager = dynamic(
  () => import('./saved-places-manager').then((module) => module.PlacesManager),
  { ssr: false },
);

/**
 * The dispatcher's saved places beside the search: one tap on a name fills the stop (pin and
 * fields); "Guardar lugar" keeps this stop under a name for next time; "Editar" renames or
 * deletes.
 */
export function SavedPlacesRow({
  stopName,
  point,
  places,
  onUse,
}: {
  stopName: string;
  point: PointDraft;
  places: SavedPlaces;
  onUse: (place: SavedPlace) => void;
}) {
  const t = useTranslations('places');
  const id = useId();
  const [mode, setMode] = useState<'list' | 'saving' | 'editing'>('list');
  const savable = isSavable(point);

  const [name, setName] = useState('');

  function save() {
    if (!name.trim()) return;
    places.save(name, point);
    setName('');
    setMode('list');
  }

  return (
    <div className={styles.places}>
      {places.places.length > 0 && (
        <ul className={styles.placeChips} aria-label={t('listLabel', { stop: stopName })}>
          {places.places.map((place) => (
            <li key={place.id}>
              <button
                type="button"
                className={styles.placeChip}
                onClick={() => onUse(place)}
                aria-label={t('use', { name: place.name, stop: stopName })}
              >
                <span aria-hidden="true">★</span> {place.name}
              </button>
            </li>
          ))}
        </ul>
      )}
      {mode === 'saving' ? (
        // Inside the quote form: Enter here saves the name and never sends the quote.
        <div className={styles.placeForm} role="group" aria-label={t('saveLabel')}>
          <label className="sr-only" htmlFor={`${id}-name`}>
            {t('name')}
          </label>
          <input
            id={`${id}-name`}
            className="input"
            value={name}
            maxLength={60}
            autoComplete="off"
            placeholder={t('namePlaceholder')}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              save();
            }}
            autoFocus
          />
          <button type="button" className="button button-primary" onClick={save}>
            {t('save')}
          </button>
          <button type="button" className="button" onClick={() => setMode('list')}>
            {t('cancel')}
          </button>
        </div>
      ) : (
        <div className={styles.placeActions}>
          {savable && (
            <button type="button" className="button" onClick={() => setMode('saving')}>
              {t('saveThis')}
            </button>
          )}
          {places.places.length > 0 && (
            <button
              type="button"
              className="button"
              aria-expanded={mode === 'editing'}
              onClick={() => setMode(mode === 'editing' ? 'list' : 'editing')}
            >
              {t('edit')}
            </button>
          )}
        </div>
      )}
      {mode === 'editing' && <PlacesManager places={places} />}
    </div>
  );
}
