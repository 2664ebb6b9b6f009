'use client';

import { useId } from 'react';
import { get, useFormState, type FieldError, type FieldPath } from 'react-hook-form';
import { useTranslations } from 'use-intl';
import { validationValues } from '@/lib/quote/validation-values';
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

/** A text field of the quote form at `path`: its id, its registration and its message, if any. */
export function useQuoteTextField(path: string) {
  const fieldMessage = useFieldMessage();
  const id = useId();
  const { register, control } = useQuoteForm();
  const { errors } = useFormState({ control, name: path as FieldPath<QuoteDraftValues> });
  return { id, register, message: fieldMessage(get(errors, path) as FieldError | undefined) };
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
