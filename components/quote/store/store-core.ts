import type { AddressLookups } from './address-lookups';
import type { QuoteDraftValues } from '../trip/draft';
import type { TripState } from './trip-state';

/**
 * How the store writes to the form (react-hook-form keeps the fields the dispatcher edits; the
 * store mirrors them in `values`). use-trip-form.ts is the one place that binds the two.
 */
export interface TripForm {
  /** One field, or a whole stop or list, written as an edit (dirty; validated once submitted). */
  write: (path: string, value: unknown) => void;
  /** Everything replaced at once (a cleared screen, a restored draft, a reopened quote). */
  reset: (values: QuoteDraftValues) => void;
  /** The errors of the fields given; of every field when none are given. */
  clearErrors: (paths?: string[]) => void;
}

/** What the action modules share: the state, its one way to change, the form and the lookups. */
export interface StoreBase {
  get: () => TripState;
  update: (patch: Partial<TripState>) => void;
  form: TripForm;
  lookups: AddressLookups;
}

/** The one change "Deshacer" can take back (store/undo-actions.ts). */
export interface UndoHistory {
  /** Keeps the stop `key` as it is now, before it is moved or removed. */
  remember: (kind: 'moved' | 'removed', key: string) => void;
  /** Forgets the change kept (of the stop `key` only, when given): something else changed. */
  drop: (key?: string) => void;
}

export interface StoreCore extends StoreBase {
  history: UndoHistory;
}
