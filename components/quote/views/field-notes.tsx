'use client';

import { useCallback, useId, useSyncExternalStore } from 'react';
import type { FieldError, FieldPath } from 'react-hook-form';
import { useTranslations } from 'use-intl';
import { validationValues } from '@/lib/quote/validation-values';
import { useFormResets } from '../effects/form-resets';
import { useQuoteForm } from '../effects/quote-form-context';
import type { QuoteDraftValues } from '../trip/draft';

/**
 * A field's message in the dispatcher's language. The shared schema and the screen report stable
 * catalog keys ('validation.streetRequired', 'point.earlierError'); the server may send text.
 */
export function useFieldMessage() {
  const t = useTranslations();
  return (error: FieldError | undefined): string | undefined => {
    const message = error?.message;
    if (!message) return undefined;
    const key = message as Parameters<typeof t>[0];
    return /^[a-z]+\.[A-Za-z.]+$/.test(message) && t.has(key)
      ? t(key, validationValues(message))
      : message;
  };
}

/**
 * The form's error at the first of `paths` that has one. A field draws again when that error
 * changes, and only then: react-hook-form tells every `useFormState` of a submit's errors,
 * changed or not, so at each "Cotizar" every field of the trip drew again (27 components in the
 * tap's own task, before the answer could be drawn: bench/trace-tap.mjs).
 */
export function useFieldError(...paths: string[]): FieldError | undefined {
  const form = useQuoteForm();
  const names = paths.join('\n');
  const subscribe = useCallback(
    (onChange: () => void) =>
      form.subscribe({
        name: names.split('\n') as FieldPath<QuoteDraftValues>[],
        formState: { errors: true },
        callback: onChange,
      }),
    [form, names],
  );
  // The error object react-hook-form holds (the same one until that field's error changes).
  const read = () => {
    for (const path of names.split('\n')) {
      const { error } = form.getFieldState(path as FieldPath<QuoteDraftValues>);
      if (error) return error as FieldError;
    }
    return undefined;
  };
  return useSyncExternalStore(subscribe, read, read);
}

/**
 * A text field of the quote form at `path`: its id, its registration and its message, if any.
 * It draws again at each reset of the form, to be registered again (effects/form-resets.ts).
 */
export function useQuoteTextField(path: string) {
  const fieldMessage = useFieldMessage();
  const id = useId();
  const form = useQuoteForm();
  useFormResets(form);
  return { id, register: form.register, message: fieldMessage(useFieldError(path)) };
}

/** The ids of a field's hint and error, for aria-describedby (undefined when it has neither). */
export function notesOf(id: string, hint: boolean, message: string | undefined) {
  return [hint && `${id}-hint`, message && `${id}-error`].filter(Boolean).join(' ') || undefined;
}

/** A field's hint and its error message, under the input, named by notesOf's ids. */
export function FieldNotes({
  id,
  hint,
  hintWarns = false,
  message,
}: {
  id: string;
  hint?: string;
  /** The hint is a warning (a field left from the pin's previous position). */
  hintWarns?: boolean;
  message?: string;
}) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className={hintWarns ? 'field-hint field-warn' : 'field-hint'}>
          {hint}
        </p>
      )}
      {message && (
        <p id={`${id}-error`} className="field-error">
          {message}
        </p>
      )}
    </>
  );
}
