import type { Quote } from '@/lib/api/quote';
import { vouchedFor } from '../trip/address-provenance';
import { draftKey, emptyDraft, type QuoteDraftValues } from '../trip/draft';
import type { RecentQuote, StoredDraft } from '../trip/draft-storage';
import { PICKUP, tripStops } from '../trip/trip-stops';
import type { StoreCore } from './store-core';
import { nextFrame, storedDraftOf, type ShownQuote } from './trip-state';

/**
 * The trip replaced as a whole: a stored draft restored (with its last quote when that quote is
 * for this very draft), the screen cleared ("Limpiar", which can be undone until a new trip
 * starts), a recent quote reopened; and the quote shown after a "Cotizar".
 */
export function wholeTripActions(core: StoreCore) {
  const { get, update, form, lookups, history } = core;
  const frame = () => update({ frame: nextFrame(get(), false) });

  function replaceAll(stored: StoredDraft) {
    history.drop();
    form.reset(stored.values);
    lookups.forget();
    update({ provenance: stored.provenance, activeStop: stored.activeStop });
  }

  function restore(stored: StoredDraft) {
    replaceAll(stored);
    frame();
  }

  return {
    restore,

    setActiveStop(key: string) {
      update({ activeStop: key });
    },

    setShown(shown: ShownQuote | null) {
      update({ shown });
    },

    /** A quote came for the trip as it was sent: shown, and the map frames its pins. */
    quoted(quote: Quote, values: QuoteDraftValues) {
      update({ shown: { quote, key: draftKey(values), values } });
      frame();
    },

    clear() {
      const state = get();
      const stored = { ...storedDraftOf(state), values: structuredClone(state.values) };
      update({ cleared: { stored, shown: state.shown } });
      replaceAll({ values: emptyDraft(), activeStop: PICKUP, provenance: {} });
      update({ shown: null });
    },

    /** The trip as it was before "Limpiar", while nothing new has been started. */
    undoClear() {
      const { cleared } = get();
      if (!cleared) return;
      restore(cleared.stored);
      update({ shown: cleared.shown, cleared: null });
    },

    /** A recent quote back on the map and the form, as it was quoted. */
    openRecent(entry: RecentQuote) {
      const provenance = Object.fromEntries(
        tripStops(entry.values).map((stop) => [stop.key, vouchedFor(stop.point)]),
      );
      replaceAll({ values: entry.values, activeStop: get().activeStop, provenance });
      update({ shown: { quote: entry.quote, key: draftKey(entry.values), values: entry.values } });
      frame();
    },
  };
}
