'use client';

import { useCallback, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { Quote } from '@/lib/api/quote';
import type { QuoteRequest } from '@/lib/quote/schema';
import { vouchedFor } from '../trip/address-provenance';
import { type DraftProvenance } from '../trip/address-provenance';
import { draftKey, emptyDraft, type QuoteDraftValues } from '../trip/draft';
import { type RecentQuote, type StoredDraft } from '../trip/draft-storage';
import { PICKUP, tripStops } from '../trip/trip-stops';
import type { PointAddresses } from './use-point-addresses';

export interface ShownQuote {
  quote: Quote;
  /** The fingerprint of the draft it was quoted for: it is stale once the draft's differs. */
  key: string;
  /** The trip it prices, as it was quoted. */
  values: QuoteDraftValues;
}

/** The fingerprint of an empty screen (stop ids are not part of it). */
const EMPTY_KEY = draftKey(emptyDraft());

/**
 * The trip replaced as a whole: a stored draft restored, the screen cleared ("Limpiar", which can
 * be undone until a new trip starts), a recent quote reopened.
 */
export function useWholeTrip({
  form,
  addresses,
  provenanceNow,
  activeStop,
  setActiveStop,
  shown,
  setShown,
  frameTrip,
  onCleared,
  currentKey,
}: {
  form: UseFormReturn<QuoteDraftValues, unknown, QuoteRequest>;
  addresses: PointAddresses;
  provenanceNow: () => DraftProvenance;
  activeStop: string;
  setActiveStop: (key: string) => void;
  shown: ShownQuote | null;
  setShown: (shown: ShownQuote | null) => void;
  frameTrip: () => void;
  /** What else a clear resets (a quote's error, a location notice). */
  onCleared: () => void;
  currentKey: string;
}) {
  const { reset, getValues } = form;
  const [cleared, setCleared] = useState<{ stored: StoredDraft; shown: ShownQuote | null } | null>(
    null,
  );

  const restore = useCallback(
    (stored: StoredDraft) => {
      reset(stored.values);
      addresses.replace(stored.provenance);
      setActiveStop(stored.activeStop);
      frameTrip();
    },
    [addresses, frameTrip, reset, setActiveStop],
  );

  function clear() {
    setCleared({
      stored: { values: structuredClone(getValues()), activeStop, provenance: provenanceNow() },
      shown,
    });
    reset(emptyDraft());
    addresses.replace();
    setActiveStop(PICKUP);
    setShown(null);
    onCleared();
  }

  function undoClear() {
    if (!cleared) return;
    restore(cleared.stored);
    setShown(cleared.shown);
    setCleared(null);
  }

  function openRecent(entry: RecentQuote) {
    reset(entry.values);
    addresses.replace(
      Object.fromEntries(tripStops(entry.values).map((stop) => [stop.key, vouchedFor(stop.point)])),
    );
    setShown({ quote: entry.quote, key: draftKey(entry.values), values: entry.values });
    onCleared();
    frameTrip();
  }

  return {
    restore,
    clear,
    openRecent,
    /** Set while a clear can be undone: nothing new has been started since. */
    undoClear: cleared && currentKey === EMPTY_KEY ? undoClear : null,
    isEmpty: currentKey === EMPTY_KEY,
  };
}
