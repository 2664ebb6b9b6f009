'use client';

import { useId, useState, type KeyboardEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslations } from 'use-intl';
import { formatCoordinates, parseCoordinates } from '../trip/coordinates';
import { useQuoteForm } from '../effects/quote-form-context';
import { FieldNotes, notesOf, useFieldError, useFieldMessage } from './field-notes';
import { pinOf, type LatLng } from '../trip/draft';
import type { StopPath } from '../trip/trip-stops';
import styles from './styles';

/** The pin's coordinates: shown as the pin moves, and typed to move the pin without the map. */
export function CoordinatesField({
  path,
  onCoordinates,
}: {
  path: StopPath;
  onCoordinates: (at: LatLng) => void;
}) {
  const t = useTranslations('point');
  const fieldMessage = useFieldMessage();
  const id = useId();
  const { control } = useQuoteForm();
  const [lat, lng] = useWatch({ control, name: [`${path}.lat`, `${path}.lng`] });
  const shown = formatCoordinates(pinOf({ lat, lng }));
  // While the dispatcher types, and after text that is not coordinates, their text stays (with the
  // error) until they correct it; once the pin moves, the field shows where the pin is.
  const [typed, setTyped] = useState<{ text: string; over: string; invalid: boolean } | null>(null);
  const editing = typed?.over === shown ? typed : null;
  const invalid = editing?.invalid ?? false;

  const schemaError = useFieldError(`${path}.lat`, `${path}.lng`);
  const message = invalid
    ? t('coordinatesInvalid')
    : schemaError?.message === 'validation.required'
      ? t('pinRequired')
      : fieldMessage(schemaError);

  function commit() {
    if (editing === null) return;
    const { text } = editing;
    const at = text.trim() === '' || text === shown ? null : parseCoordinates(text);
    if (at || text.trim() === '' || text === shown) setTyped(null);
    else setTyped({ text, over: shown, invalid: true });
    if (at) onCoordinates(at);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    }
  }

  return (
    <div className={`field ${styles.wide}`}>
      <label className="field-label" htmlFor={id}>
        {t('coordinates')}
      </label>
      <input
        id={id}
        name={`${path}.coordinates`}
        className="input"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        value={editing?.text ?? shown}
        onChange={(event) =>
          setTyped({ text: event.target.value, over: shown, invalid: editing?.invalid ?? false })
        }
        onBlur={commit}
        onKeyDown={onKeyDown}
        aria-invalid={message ? true : undefined}
        aria-describedby={notesOf(id, true, message)}
      />
      <FieldNotes id={id} hint={t('coordinatesHint')} message={message} />
    </div>
  );
}
