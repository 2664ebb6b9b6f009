'use client';

import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { ADDRESS_FIELDS } from '../trip/address-provenance';
import { focusFormField, isTyping } from './form-focus';
import type { QuoteDraftValues } from '../trip/draft';
import { nextFieldToFill, type FieldPath, type TripReadiness } from '../trip/trip-readiness';
import { tripStops } from '../trip/trip-stops';

/**
 * Where the keyboard goes: to a field asked for (a summary link, the first refused field, the
 * next field to write), opening its stop first when it is folded, with its label in view.
 * `openStop` is the one stop shown whole when there are more than two.
 */
export function useGuidedFocus(formRef: RefObject<HTMLFormElement | null>) {
  const [openStop, setOpenStop] = useState<string | null>(null);
  const pending = useRef<FieldPath | null>(null);
  const pendingStop = useRef<string | null>(null);
  // Set by a pin the dispatcher put on the map: once its address is in, the focus goes to the
  // first field still to write.
  const afterLookup = useRef(false);

  // A field asked for in a folded stop takes the focus once its stop has opened.
  useEffect(() => {
    if (pending.current && focusFormField(formRef.current, pending.current)) {
      pending.current = null;
    }
    const group = pendingStop.current
      ? formRef.current?.querySelector<HTMLElement>(
          `[data-stop-key="${CSS.escape(pendingStop.current)}"]`,
        )
      : null;
    if (group) {
      pendingStop.current = null;
      group.scrollIntoView({ block: 'nearest' });
      group.focus({ preventScroll: true });
    }
  });

  /**
   * A stop just added: it opens and its group takes the focus (a screen reader names it; no
   * keyboard pops up over the map, where the next tap will place it).
   */
  const focusStop = useCallback((key: string) => {
    pendingStop.current = key;
    setOpenStop(key);
  }, []);

  const goTo = useCallback(
    (path: FieldPath, stopKey?: string) => {
      if (focusFormField(formRef.current, path)) return;
      pending.current = path;
      if (stopKey) setOpenStop(stopKey);
    },
    [formRef],
  );

  /** The field at `path` in the trip `values`: its stop opened first when folded. */
  const goToPath = useCallback(
    (path: FieldPath, values: QuoteDraftValues) => {
      const stop = tripStops(values).find((candidate) => path.startsWith(`${candidate.path}.`));
      goTo(path, stop?.key);
    },
    [goTo],
  );

  /** After a refused "Cotizar": the first refused field, in trip order. */
  const focusFirstInvalid = useCallback(
    (errors: FieldErrors<QuoteDraftValues>, values: QuoteDraftValues) => {
      // The customer's field comes before the stops on the screen.
      if (errors.customer) {
        requestAnimationFrame(() => goTo('customer'));
        return;
      }
      for (const stop of tripStops(values)) {
        const stopErrors = (
          stop.path === 'pickup'
            ? errors.pickup
            : errors.dropoffs?.[Number(stop.path.split('.')[1])]
        ) as Record<string, unknown> | undefined;
        if (!stopErrors) continue;
        const field = ADDRESS_FIELDS.find((name) => stopErrors[name]);
        requestAnimationFrame(() =>
          goTo(field ? `${stop.path}.${field}` : `${stop.path}.coordinates`, stop.key),
        );
        return;
      }
    },
    [goTo],
  );

  /**
   * The next field to write, in the whole trip or only in the stop `only`. With `unlessTyping`,
   * nothing moves if the dispatcher is typing somewhere by the time the frame comes: a late lookup
   * must not take the keyboard from a field they have just started on.
   */
  const focusNext = useCallback(
    (trip: TripReadiness, only?: string, { unlessTyping = false } = {}) => {
      const next = nextFieldToFill(trip, only);
      const stop = trip.find((candidate) => next?.startsWith(`${candidate.stop.path}.`));
      if (!next) return;
      requestAnimationFrame(() => {
        if (unlessTyping && isTyping()) return;
        goTo(next, stop?.stop.key);
      });
    },
    [goTo],
  );

  /**
   * Once every pin is down and no address is still being looked up, after a pin the dispatcher
   * put on the map: the keyboard goes to what is left, unless they are typing somewhere.
   */
  const settleAfterLookup = useCallback(
    (trip: TripReadiness, lookingUp: boolean) => {
      if (!afterLookup.current || lookingUp || !trip.every((stop) => stop.placed)) return;
      afterLookup.current = false;
      focusNext(trip, undefined, { unlessTyping: true });
    },
    [focusNext],
  );

  // One object until the open stop changes: what is built on it (use-trip-actions.ts) stays the
  // same, and the views handed those handlers need not draw again.
  return useMemo(
    () => ({
      openStop,
      setOpenStop,
      focusStop,
      goToPath,
      focusFirstInvalid,
      focusNext,
      settleAfterLookup,
      focusAfterLookup: (yes: boolean) => {
        afterLookup.current = yes;
      },
    }),
    [openStop, focusStop, goToPath, focusFirstInvalid, focusNext, settleAfterLookup],
  );
}
