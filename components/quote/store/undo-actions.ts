import { draftKey } from '../trip/draft';
import { stopByKey } from '../trip/trip-stops';
import type { StoreBase, UndoHistory } from './store-core';
import type { UndoableChange } from './trip-state';

/**
 * "Deshacer" after a pin moved by a tap or a drag, or a stop removed: the stop comes back as it
 * was — its pin, its fields and where they came from, its letter and place in the order — and so
 * does the quote shown then, when it is for the trip as it is once undone. Only the stop
 * concerned changes: whatever the dispatcher did to the other stops meanwhile stays.
 */
export function undoActions({ get, update, form, lookups }: StoreBase) {
  const history: UndoHistory = {
    remember(kind, key) {
      const state = get();
      const stop = stopByKey(state.values, key);
      if (!stop) return;
      const undoable: UndoableChange = {
        kind,
        key,
        letter: stop.letter,
        point: structuredClone(stop.point),
        index: stop.position - 1,
        provenance: state.provenance[key],
        lookup: state.lookups[key],
        activeStop: state.activeStop,
        shown: state.shown,
      };
      update({ undoable });
    },
    drop(key) {
      const { undoable } = get();
      if (undoable && (key === undefined || undoable.key === key)) update({ undoable: null });
    },
  };

  /** The stop back in the form, at its path (moved) or at its place among the drop-offs (removed). */
  function putBack(change: UndoableChange): boolean {
    const { values } = get();
    if (change.kind === 'moved') {
      const path = stopByKey(values, change.key)?.path;
      if (path) form.write(path, structuredClone(change.point));
      return path !== undefined;
    }
    if (stopByKey(values, change.key)) return false;
    const dropoffs = [...values.dropoffs];
    dropoffs.splice(Math.min(change.index, dropoffs.length), 0, structuredClone(change.point));
    form.write('dropoffs', dropoffs);
    return true;
  }

  function undo() {
    const change = get().undoable;
    update({ undoable: null });
    if (!change) return;
    lookups.forget([change.key]);
    if (!putBack(change)) return;
    const state = get();
    update({
      provenance: withEntry(state.provenance, change.key, change.provenance),
      lookups: withEntry(state.lookups, change.key, change.lookup),
      activeStop: stopByKey(state.values, change.activeStop) ? change.activeStop : state.activeStop,
    });
    const { shown } = change;
    if (shown && shown.key === draftKey(get().values)) update({ shown });
  }

  return { history, undo };
}

/** `record` with `key` set to `value`, or without `key` when there is no value. */
function withEntry<T>(record: Readonly<Record<string, T>>, key: string, value: T | undefined) {
  const next = { ...record };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return next;
}
