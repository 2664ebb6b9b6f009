'use client';

import { useMemo } from 'react';
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

  // One object while the list stays the same: the stops' fieldsets skip drawing when it does.
  return useMemo(
    () => ({
      places,
      save: (name: string, point: PointDraft) =>
        change((list) =>
          withPlaceSaved(list, name, point, `p${Math.random().toString(36).slice(2, 10)}`),
        ),
      rename: (id: string, name: string) => change((list) => withPlaceRenamed(list, id, name)),
      remove: (id: string) => change((list) => withPlaceRemoved(list, id)),
    }),
    [places, change],
  );
}

export type SavedPlaces = ReturnType<typeof useSavedPlaces>;
