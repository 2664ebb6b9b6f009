import type { MapFrame } from '@/components/map/map-props';
import type { AddressField } from '@/lib/api/geocode';
import type { Quote } from '@/lib/api/quote';
import type { DraftProvenance, PointProvenance } from '../trip/address-provenance';
import { draftKey, emptyDraft, type PointDraft, type QuoteDraftValues } from '../trip/draft';
import type { StoredDraft } from '../trip/draft-storage';
import { approximationsOf } from '../trip/approximate-point';
import { earlierOf, tripReadiness, type TripReadiness } from '../trip/trip-readiness';
import { PICKUP, pinsOf } from '../trip/trip-stops';

/**
 * Everything the quote screen knows about the one trip on it, in one value: the stops' fields and
 * pins (as the form holds them), the stop the next tap places, where each field came from, where
 * each stop's address lookup stands, the quote shown, what "Limpiar" can undo and the map's last
 * request to frame the trip. The screen's views read it through the selectors below.
 */
export interface TripState {
  /** The form's values, mirrored (use-trip-form.ts keeps them in step). */
  values: QuoteDraftValues;
  /** The stop the next tap on the map places. */
  activeStop: string;
  provenance: DraftProvenance;
  lookups: Readonly<Record<string, LookupStatus>>;
  shown: ShownQuote | null;
  /** The trip as it was before "Limpiar", while it can be brought back. */
  cleared: { stored: StoredDraft; shown: ShownQuote | null } | null;
  /** The last stop moved on the map or removed, as it was before, while "Deshacer" can bring it back. */
  undoable: UndoableChange | null;
  frame: MapFrame;
}

/** A stop as it was before a tap or a drag moved it, or before "Quitar" removed it. */
export interface UndoableChange {
  kind: 'moved' | 'removed';
  key: string;
  /** Its letter then ("B"), for the notice. */
  letter: string;
  /** Its pin and every field. */
  point: PointDraft;
  /** Its place among the drop-offs (-1: the pickup). */
  index: number;
  provenance: PointProvenance | undefined;
  lookup: LookupStatus | undefined;
  activeStop: string;
  /** The quote shown then: shown again when it is for the trip as it is once undone. */
  shown: ShownQuote | null;
}

export interface ShownQuote {
  quote: Quote;
  /** The fingerprint of the draft it was quoted for: it is stale once the draft's differs. */
  key: string;
  /** The trip it prices, as it was quoted. */
  values: QuoteDraftValues;
}

/** Where a stop's lookup stands; `filled` names the fields the answer filled in. */
export type LookupStatus =
  { state: 'idle' | 'loading' | 'none' | 'failed' } | { state: 'filled'; filled: AddressField[] };

export const IDLE_LOOKUP: LookupStatus = { state: 'idle' };

export const initialTripState = (values: QuoteDraftValues): TripState => ({
  values,
  activeStop: PICKUP,
  provenance: {},
  lookups: {},
  shown: null,
  cleared: null,
  undoable: null,
  frame: { seq: 0, points: [], onlyIfOutside: false },
});

/** The fingerprint of an empty screen (stop ids are not part of it). */
const EMPTY_KEY = draftKey(emptyDraft());

// ------------------------------------------------------------------ selectors

/** What is saved on the device at every change, and restored at the next start. */
export const storedDraftOf = (state: TripState): StoredDraft => ({
  values: state.values,
  activeStop: state.activeStop,
  provenance: state.provenance,
});

export const currentKeyOf = (state: TripState) => draftKey(state.values);

/** Nothing to clear: no stop's field or pin, and no customer typed ("Limpiar" clears it too). */
export const isTripEmpty = (state: TripState) =>
  currentKeyOf(state) === EMPTY_KEY && !state.values.customer?.trim();

/** A clear can be undone until a new trip is started on the emptied screen. */
export const canUndoClear = (state: TripState) => state.cleared !== null && isTripEmpty(state);

export const readinessOf = (state: TripState): TripReadiness =>
  tripReadiness(
    state.values,
    earlierOf(state.provenance),
    approximationsOf(state.values, state.provenance),
  );

export const isLookingUp = (state: TripState) =>
  Object.values(state.lookups).some((status) => status.state === 'loading');

/** A new request to frame the trip's pins (all of them, or only when one is out of view). */
export const nextFrame = (state: TripState, onlyIfOutside: boolean): MapFrame => ({
  seq: state.frame.seq + 1,
  points: pinsOf(state.values),
  onlyIfOutside,
});
