'use client';

import { useCallback, useSyncExternalStore } from 'react';

/**
 * The quote form's resets (a draft restored, a trip cleared or reopened), told to its fields.
 * react-hook-form forgets every field at a reset and registers it again when it draws
 * (`register` in its render): a field that did not draw after a reset would keep its old text on
 * screen and would no longer be heard when typed in. So a registered field draws at every reset,
 * and otherwise only for its own error (field-notes.tsx).
 */
interface Resets {
  count: number;
  listeners: Set<() => void>;
}

const resetsByForm = new WeakMap<object, Resets>();

function resetsOf(form: object): Resets {
  let resets = resetsByForm.get(form);
  if (!resets) {
    resets = { count: 0, listeners: new Set() };
    resetsByForm.set(form, resets);
  }
  return resets;
}

/** Tells the form's fields that it was just reset. */
export function formWasReset(form: object): void {
  const resets = resetsOf(form);
  resets.count += 1;
  for (const listener of resets.listeners) listener();
}

/** How many times the form was reset: a component that reads it draws again at each reset. */
export function useFormResets(form: object): number {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const { listeners } = resetsOf(form);
      listeners.add(onChange);
      return () => {
        listeners.delete(onChange);
      };
    },
    [form],
  );
  const count = () => resetsOf(form).count;
  return useSyncExternalStore(subscribe, count, count);
}
