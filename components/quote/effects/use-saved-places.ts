'use client';

import { useCallback } from 'react';
import type { PointDraft } from '../trip/draft';
import {
  parsePlaces,
  withPlaceRemoved,
  withPlaceRenamed,
  withPlaceSaved,
} from '../trip/saved-places';
import { useStoredList } from './use-stored-list';

/** This dispatcher's saved places on this device (localStorage), newest first. */
export function useSavedPlaces(storageKey: string) {
  const [places, change] = useStoredList(storageKey, parsePlaces);

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
