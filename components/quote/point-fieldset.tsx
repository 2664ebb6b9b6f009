'use client';

import { useId } from 'react';
import { useFormContext, type FieldError } from 'react-hook-form';
import { useFormatter, useTranslations } from 'use-intl';
import type { AddressField, SearchResult, TypedStreet } from '@/lib/geocoding/answers';
import { AddressSearch } from './address-search';
import { CoordinatesField } from './coordinates-field';
import { FieldNotes, notesOf, useFieldMessage } from './field-notes';
import type { LatLng, PointKey, QuoteDraftValues } from './quote-draft';
import type { PointReadiness } from './trip-readiness';
import type { LookupStatus } from './use-reverse-geocode';
import styles from './quote-screen.module.css';

export interface PointHandlers {
  onPick: (key: PointKey, result: SearchResult) => void;
  onUseTyped: (key: PointKey, typed: TypedStreet) => void;
  onCoordinates: (key: PointKey, at: LatLng) => void;
  onTyped: (key: PointKey, field: AddressField, value: string) => void;
  onKeepEarlier: (key: PointKey) => void;
  onClearEarlier: (key: PointKey) => void;
}

/**
 * One point of the trip as an accessible group: the legend names it ("Recolección (A)"), every
 * field has a visible label and its message right below it. The pin fills the fields and the line
 * under them says which; they stay editable; fields left from an earlier position of the pin are
 * marked until the dispatcher corrects, keeps or clears them.
 */
export function PointFieldset({
  pointKey,
  lookup,
  readiness,
  outside,
  near,
  handlers,
}: {
  pointKey: PointKey;
  lookup: LookupStatus;
  readiness: PointReadiness;
  outside: boolean;
  near: LatLng | null;
  handlers: PointHandlers;
}) {
  const t = useTranslations('point');
  const id = useId();
  const letter = pointKey === 'pickup' ? 'A' : 'B';
  const legend = t(pointKey);
  const earlier = new Set(readiness.earlier);

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
        onPick={(result) => handlers.onPick(pointKey, result)}
        onUseTyped={(typed) => handlers.onUseTyped(pointKey, typed)}
      />

      {readiness.earlier.length > 0 && (
        <EarlierNotice
          letter={letter}
          fields={readiness.earlier}
          onKeep={() => handlers.onKeepEarlier(pointKey)}
          onClear={() => handlers.onClearEarlier(pointKey)}
        />
      )}

      <div className={styles.fields}>
        {(
          [
            ['street', { autoComplete: 'address-line1', wide: true }],
            ['exteriorNumber', { inputMode: 'text' }],
            ['interiorNumber', { optional: true }],
            ['neighborhood', { autoComplete: 'address-level3', wide: true }],
            ['zipCode', { inputMode: 'numeric', autoComplete: 'postal-code', maxLength: 5 }],
          ] as const
        ).map(([name, options]) => (
          <TextField
            key={name}
            pointKey={pointKey}
            name={name}
            earlier={earlier.has(name)}
            onTyped={handlers.onTyped}
            {...options}
          />
        ))}
        <CoordinatesField pointKey={pointKey} onCoordinates={handlers.onCoordinates} />
      </div>
      <LookupLine status={lookup} missing={readiness.missing} />
    </fieldset>
  );
}

function TextField({
  pointKey,
  name,
  earlier,
  onTyped,
  wide = false,
  optional = false,
  ...inputProps
}: {
  pointKey: PointKey;
  name: AddressField;
  earlier: boolean;
  onTyped: PointHandlers['onTyped'];
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
  const message = fieldMessage(errors[pointKey]?.[name] as FieldError | undefined);
  const hint = earlier && !message ? t('earlierMark') : optional ? t('optional') : undefined;
  return (
    <div className={`field ${wide ? styles.wide : ''}`}>
      <label className="field-label" htmlFor={id}>
        {t(name)}
      </label>
      <input
        id={id}
        className={`input ${earlier ? styles.inputEarlier : ''}`}
        data-origin={earlier ? 'earlier' : undefined}
        aria-invalid={message ? true : undefined}
        aria-describedby={notesOf(id, Boolean(hint), message)}
        {...inputProps}
        {...register(`${pointKey}.${name}`, {
          onChange: (event: { target: { value: string } }) =>
            onTyped(pointKey, name, event.target.value),
        })}
      />
      <FieldNotes id={id} hint={hint} hintWarns={earlier} message={message} />
    </div>
  );
}

function EarlierNotice({
  letter,
  fields,
  onKeep,
  onClear,
}: {
  letter: string;
  fields: AddressField[];
  onKeep: () => void;
  onClear: () => void;
}) {
  const t = useTranslations('point');
  const format = useFormatter();
  const id = useId();
  const names = format.list(
    fields.map((field) => t(`fieldNames.${field}`)),
    { type: 'conjunction' },
  );
  return (
    <div className={`notice notice-warning ${styles.earlierNotice}`} data-testid="earlier-notice">
      <p id={id}>{t('earlierNotice', { letter, fields: names, count: fields.length })}</p>
      <div className={styles.earlierActions}>
        <button type="button" className="button" onClick={onKeep} aria-describedby={id}>
          {t('keepEarlier')}
        </button>
        <button type="button" className="button" onClick={onClear} aria-describedby={id}>
          {t('clearEarlier')}
        </button>
      </div>
    </div>
  );
}

/** What the pin's lookup did: the fields it filled by name, and what is still to write. */
function LookupLine({ status, missing }: { status: LookupStatus; missing: AddressField[] }) {
  const t = useTranslations('point');
  const format = useFormatter();
  const names = (fields: AddressField[]) =>
    format.list(
      fields.map((field) => t(`fieldNames.${field}`)),
      { type: 'conjunction' },
    );
  let text = '';
  if (status.state === 'loading') text = t('lookingUp');
  else if (status.state === 'none') text = t('noAddressHere');
  else if (status.state === 'failed') text = t('lookupFailed');
  else if (status.state === 'filled') {
    const filled = status.filled.length
      ? t('filledFromPin', { fields: names(status.filled) })
      : t('nothingNewFromPin');
    text = `${filled} ${missing.length ? t('stillMissing', { fields: names(missing) }) : t('checkDoor')}`;
  }
  const warn = status.state === 'none' || status.state === 'failed';
  return (
    <p aria-live="polite" className={`${styles.lookup} ${warn ? styles.lookupWarn : ''}`}>
      {text}
    </p>
  );
}
