'use client';

import { useId, useState, type KeyboardEvent } from 'react';
import { useFormContext, useWatch, type FieldError } from 'react-hook-form';
import { useTranslations } from 'use-intl';
import { AddressSearch, type FoundAddress } from './address-search';
import { formatCoordinates, parseCoordinates } from './coordinates';
import { pinOf, type LatLng, type PointKey, type QuoteDraftValues } from './quote-draft';
import type { LookupStatus } from './use-reverse-geocode';
import styles from './quote-screen.module.css';

type TextFieldName = 'street' | 'exteriorNumber' | 'interiorNumber' | 'neighborhood' | 'zipCode';

/**
 * One point of the trip as an accessible group: the legend names it ("Recolección (A)"), every
 * field has a visible label and its message right below it. The pin fills the fields; they stay
 * editable; the search box and the coordinates field move the pin without the map.
 */
export function PointFieldset({
  pointKey,
  lookup,
  outside,
  near,
  onPick,
  onCoordinates,
}: {
  pointKey: PointKey;
  lookup: LookupStatus;
  outside: boolean;
  near: LatLng | null;
  onPick: (key: PointKey, address: FoundAddress) => void;
  onCoordinates: (key: PointKey, at: LatLng) => void;
}) {
  const t = useTranslations('point');
  const id = useId();
  const letter = pointKey === 'pickup' ? 'A' : 'B';
  const legend = t(pointKey);

  return (
    <fieldset
      className={`${styles.point} ${outside ? styles.pointOutside : ''}`}
      data-point={pointKey}
      data-outside={outside || undefined}
      aria-describedby={outside ? `${id}-outside` : undefined}
    >
      <legend className={styles.pointLegend}>
        <span
          className={`${styles.pointBadge} ${pointKey === 'pickup' ? styles.badgeA : styles.badgeB}`}
          aria-hidden="true"
        >
          {letter}
        </span>
        {legend}
      </legend>
      {outside && (
        <p id={`${id}-outside`} className={styles.outsideTag}>
          {t('outOfCoverage')}
        </p>
      )}

      <AddressSearch
        pointName={legend}
        near={near}
        onPick={(address) => onPick(pointKey, address)}
      />

      <div className={styles.fields}>
        <TextField pointKey={pointKey} name="street" autoComplete="address-line1" wide />
        <TextField pointKey={pointKey} name="exteriorNumber" inputMode="text" />
        <TextField pointKey={pointKey} name="interiorNumber" optional />
        <TextField pointKey={pointKey} name="neighborhood" autoComplete="address-level3" wide />
        <TextField
          pointKey={pointKey}
          name="zipCode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
        />
        <CoordinatesField pointKey={pointKey} onCoordinates={onCoordinates} />
      </div>
      <LookupLine status={lookup} />
    </fieldset>
  );
}

function useFieldMessage() {
  const t = useTranslations();
  return (error: FieldError | undefined): string | undefined => {
    const message = error?.message;
    if (!message) return undefined;
    // The shared schema reports stable keys ('validation.zipCode'); the server may send text.
    return message.startsWith('validation.') && t.has(message as 'validation.required')
      ? t(message as 'validation.required')
      : message;
  };
}

function TextField({
  pointKey,
  name,
  wide = false,
  optional = false,
  ...inputProps
}: {
  pointKey: PointKey;
  name: TextFieldName;
  wide?: boolean;
  optional?: boolean;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric';
  maxLength?: number;
}) {
  const t = useTranslations('point');
  const fieldMessage = useFieldMessage();
  const id = useId();
  const {
    register,
    formState: { errors },
  } = useFormContext<QuoteDraftValues>();
  const message = fieldMessage(errors[pointKey]?.[name]);
  return (
    <div className={`field ${wide ? styles.wide : ''}`}>
      <label className="field-label" htmlFor={id}>
        {t(name)}
      </label>
      <input
        id={id}
        className="input"
        aria-invalid={message ? true : undefined}
        aria-describedby={notesOf(id, optional, message)}
        {...inputProps}
        {...register(`${pointKey}.${name}`)}
      />
      <FieldNotes id={id} hint={optional ? t('optional') : undefined} message={message} />
    </div>
  );
}

/** The ids of a field's hint and error, for aria-describedby (undefined when it has neither). */
function notesOf(id: string, hint: boolean, message: string | undefined) {
  return [hint && `${id}-hint`, message && `${id}-error`].filter(Boolean).join(' ') || undefined;
}

/** A field's hint and its error message, under the input, named by notesOf's ids. */
function FieldNotes({ id, hint, message }: { id: string; hint?: string; message?: string }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
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

function CoordinatesField({
  pointKey,
  onCoordinates,
}: {
  pointKey: PointKey;
  onCoordinates: (key: PointKey, at: LatLng) => void;
}) {
  const t = useTranslations('point');
  const fieldMessage = useFieldMessage();
  const id = useId();
  const {
    control,
    formState: { errors },
  } = useFormContext<QuoteDraftValues>();
  const [lat, lng] = useWatch({ control, name: [`${pointKey}.lat`, `${pointKey}.lng`] });
  const shown = formatCoordinates(pinOf({ lat, lng }));
  // While the dispatcher types, their text wins; otherwise the field shows where the pin is.
  const [editing, setEditing] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);

  const pointErrors = errors[pointKey];
  const schemaError = pointErrors?.lat ?? pointErrors?.lng;
  const message = invalid
    ? t('coordinatesInvalid')
    : schemaError?.message === 'validation.required'
      ? t('pinRequired')
      : fieldMessage(schemaError);

  function commit() {
    if (editing === null) return;
    const text = editing;
    setEditing(null);
    if (text.trim() === '' || text === shown) {
      setInvalid(false);
      return;
    }
    const at = parseCoordinates(text);
    setInvalid(!at);
    if (at) onCoordinates(pointKey, at);
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
        name={`${pointKey}.coordinates`}
        className="input"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        value={editing ?? shown}
        onChange={(event) => setEditing(event.target.value)}
        onBlur={commit}
        onKeyDown={onKeyDown}
        aria-invalid={message ? true : undefined}
        aria-describedby={notesOf(id, true, message)}
      />
      <FieldNotes id={id} hint={t('coordinatesHint')} message={message} />
    </div>
  );
}

function LookupLine({ status }: { status: LookupStatus }) {
  const t = useTranslations('point');
  const text =
    status === 'loading'
      ? t('lookingUp')
      : status === 'filled'
        ? t('filledFromPin')
        : status === 'none'
          ? t('noAddressHere')
          : status === 'failed'
            ? t('lookupFailed')
            : '';
  return (
    <p
      aria-live="polite"
      className={`${styles.lookup} ${status === 'none' || status === 'failed' ? styles.lookupWarn : ''}`}
    >
      {text}
    </p>
  );
}
