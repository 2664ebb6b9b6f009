'use client';

import { startTransition, useCallback, useEffect, useState } from 'react';
import type { PointDraft } from '../trip/draft';
import {
  parsePlaces,
  withPlaceRemoved,
  withPlaceRenamed,
  withPlaceSaved,
  type SavedPlace,
} from '../trip/saved-places';
import { safeRead, safeWrite } from './local-storage';

/** This dispatcher's saved places on this device (localStorage), newest first. */
export function useSavedPlaces(storageKey: string) {
  const [places, setPlaces] = useState<SavedPlace[]>([]);

  useEffect(() => {
    const stored = parsePlaces(safeRead(storageKey));
    startTransition(() =>
      setPlaces((current) => (stored.length || current.length ? stored : current)),
    );
  }, [storageKey]);

  const change = useCallback(
    (update: (places: SavedPlace[]) => SavedPlace[]) => {
      const next = update(parsePlaces(safeRead(storageKey)));
      safeWrite(storageKey, JSON.stringify(next));
      setPlaces(next);
    },
    [storageKey],
  );

  return {
    places,
    save: useCallback(
      (name: string, point: PointDraft) =>
        change((list) =>
          withPlaceSaved(list, name, point, `p${Math.random().toString(36).slice(2, 10)}`),
        ),
      [change],
    ),
    rename: useCallback(
      (id: string, name: string) => change((list) => withPlaceRenamed(list, id, name)),
      [change],
    ),
    remove: useCallback((id: string) => change((list) => withPlaceRemoved(list, id)), [change]),
  };
}

export type SavedPlaces = ReturnType<typeof useSavedPlaces>;
