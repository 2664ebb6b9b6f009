'use client';

import dynamic from 'next/dynamic';
import { memo, useId } from 'react';
import { useTranslations } from 'use-intl';
import type { AddressField } from '@/lib/api/geocode';
import type { PointHandlers } from '../effects/use-trip-actions';
import { AddressSearch } from './address-search';
import { CoordinatesField } from './coordinates-field';
import { FieldNotes, notesOf, useQuoteTextField } from './field-notes';
import { LookupLine } from './lookup-line';
import type { LatLng } from '../trip/draft';
import { SavedPlacesRow } from './saved-places-row';
import { StopActions } from './stop-actions';
import { StopOutsideNote } from './stop-coverage';
import { StopSummary } from './stop-summary';
import { stopColour } from '../trip/stop-colours';
import type { StopReadiness } from '../trip/trip-readiness';
import type { Stop } from '../trip/trip-stops';
import type { LookupStatus } from '../store/trip-state';
import type { SavedPlaces } from '../effects/use-saved-places';
import styles from './styles';

// Shown only once a pin has moved away or a search placed a pin at an area's centre: fetched then,
// so the screen's first load stays small. A stop's actions and its folded summary are not: fetched
// when a drop-off was added, they could arrive under a tap already on its way and move the stops
// below (a CI run's press on C's "Quitar" was released over B's, which had slid into its place).
const EarlierNotice = dynamic(() => import('./earlier-notice').then((m) => m.EarlierNotice), {
  ssr: false,
});
const ApproximateMark = dynamic(() => import('./approximate-mark').then((m) => m.ApproximateMark), {
  ssr: false,
});

interface FieldsetProps {
  readiness: StopReadiness;
  lookup: LookupStatus;
  outside: boolean;
  near: LatLng | null;
  expanded: boolean;
  dropoffCount: number;
  places: SavedPlaces;
  handlers: PointHandlers;
}

/**
 * One stop of the trip as an accessible group: the legend names it ("Recolección (A)",
 * "Entrega (C)"), every field has a visible label and its message right below it. The pin fills
 * the fields and the line under them says which; they stay editable; fields left from an earlier
 * position of the pin are marked until the dispatcher corrects, keeps or clears them; a pin at a
 * searched area's centre is marked approximate until the dispatcher puts it at the door. With many
 * stops, a stop not being edited shows as one line that opens it; a drop-off among several can
 * move up or down, or go.
 */
function StopFieldset({
  readiness,
  lookup,
  outside,
  near,
  expanded,
  dropoffCount,
  places,
  handlers,
}: FieldsetProps) {
  const t = useTranslations('point');
  const id = useId();
  const { stop } = readiness;
  const legend = stop.role === 'pickup' ? t('pickup') : t('dropoff', { letter: stop.letter });
  const earlier = new Set(readiness.earlier);

  return (
    <fieldset
      className={`${styles.point} ${outside ? styles.pointOutside : ''}`}
      data-stop={stop.letter}
      data-stop-key={stop.key}
      tabIndex={-1}
      data-outside={outside || undefined}
      aria-describedby={outside ? `${id}-outside` : undefined}
    >
      <legend className={styles.pointLegend}>
        <span
          className={`${styles.pointBadge} ${stop.role === 'pickup' ? styles.badgePickup : ''}`}
          style={{ background: stopColour(stop.position) }}
          aria-hidden="true"
        >
          {stop.letter}
        </span>
        {legend}
      </legend>
      {outside && (
        <p id={`${id}-outside`} className={styles.outsideTag}>
          <StopOutsideNote role={stop.role} />
        </p>
      )}
      {expanded && readiness.approximate && (
        <ApproximateMark stop={stop} approximation={readiness.approximate} />
      )}
      {stop.role === 'dropoff' && dropoffCount > 1 && (
        <StopActions
          legend={legend}
          first={stop.position === 1}
          last={stop.position === dropoffCount}
          onMove={(step) => handlers.onMove(stop.key, step)}
          onRemove={() => handlers.onRemove(stop.key)}
        />
      )}

      {expanded ? (
        <>
          <AddressSearch
            pointName={legend}
            near={near}
            onPick={(result) => handlers.onPick(stop.key, result)}
            onUseTyped={(typed) => handlers.onUseTyped(stop.key, typed)}
          />
          <SavedPlacesRow
            stopName={legend}
            point={stop.point}
            places={places}
            onUse={(place) => handlers.onUsePlace(stop.key, place)}
          />

          {readiness.earlier.length > 0 && (
            <EarlierNotice
              letter={stop.letter}
              fields={readiness.earlier}
              onKeep={() => handlers.onKeepEarlier(stop.key)}
              onClear={() => handlers.onClearEarlier(stop.key)}
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
              <AddressTextField
                key={name}
                stop={stop}
                name={name}
                earlier={earlier.has(name)}
                onTyped={handlers.onTyped}
                {...options}
              />
            ))}
            <CoordinatesField
              path={stop.path}
              onCoordinates={(at) => handlers.onCoordinates(stop.key, at)}
            />
          </div>
          <LookupLine status={lookup} missing={readiness.missing} />
        </>
      ) : (
        <StopSummary readiness={readiness} onOpen={() => handlers.onExpand(stop.key)} />
      )}
    </fieldset>
  );
}

export const PointFieldset = memo(StopFieldset, sameFieldset);

/**
 * A stop's fieldset draws again only when something it shows changed: a quote answered, a
 * lookup elsewhere or a keystroke in another stop leave it as it is. `near` is a new object at
 * every render of the panel, so it is compared by value.
 */
function sameFieldset(before: FieldsetProps, after: FieldsetProps): boolean {
  return (Object.keys(after) as (keyof FieldsetProps)[]).every((name) =>
    name === 'near'
      ? before.near?.lat === after.near?.lat && before.near?.lng === after.near?.lng
      : Object.is(before[name], after[name]),
  );
}

interface TextFieldProps {
  stop: Stop;
  name: AddressField;
  earlier: boolean;
  onTyped: PointHandlers['onTyped'];
  wide?: boolean;
  optional?: boolean;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric';
  maxLength?: number;
}

function TextField({
  stop,
  name,
  earlier,
  onTyped,
  wide = false,
  optional = false,
  ...inputProps
}: TextFieldProps) {
  const t = useTranslations('point');
  const { id, register, message } = useQuoteTextField(`${stop.path}.${name}`);
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
        {...register(`${stop.path}.${name}`, {
          onChange: (event: { target: { value: string } }) =>
            onTyped(stop.key, name, event.target.value),
        })}
      />
      <FieldNotes id={id} hint={hint} hintWarns={earlier} message={message} />
    </div>
  );
}

/**
 * An address field draws again only when what it shows changes: its stop's path (a drop-off
 * moved up or down), its earlier mark. Its text is react-hook-form's, written into the input by
 * the form (a pin's address too), and its error and the form's resets it hears itself
 * (useQuoteTextField): a tap that places a pin, or any change of another stop, leaves it as it is.
 */
const AddressTextField = memo(TextField, (before: TextFieldProps, after: TextFieldProps) =>
  (Object.keys(after) as (keyof TextFieldProps)[]).every((name) =>
    name === 'stop'
      ? before.stop.path === after.stop.path && before.stop.key === after.stop.key
      : Object.is(before[name], after[name]),
  ),
);
