'use client';

import { useMemo, useRef, type PointerEvent } from 'react';

/** A press held longer than this is not a tap: the browser's own click decides. */
const TAP_MS = 700;

/**
 * A submit button that sends its form when the finger (or pen) lifts, not at the click the browser
 * makes of the tap afterwards. Between the two, the browser makes up the mouse's own events (move,
 * down, up) and draws a frame for each change they bring, on the tablet's busy main thread. The
 * click that follows finds the button disabled while the quote is in flight, or else is a second
 * tap of the same trip, which sends nothing (`../trip/repeat-tap.ts`). A mouse, a key (Enter,
 * Space) and a screen reader go through the click as before. Nothing happens on release
 * when the button is disabled, when the press began elsewhere, lasted longer than a tap, or ended
 * off the button (the browser then sends no click either).
 *
 * The release calls `send` (the form's own submit handler) itself rather than asking the form
 * to submit: `requestSubmit` spent 7–28 ms of the browser's own work on a tablet slowed 4× before
 * its submit event reached any script, against 1–3 ms for the event alone (docs/performance.md,
 * "the release calls the form's handler itself"), all of it before the request could leave.
 */
export function useSubmitOnRelease(send: () => void) {
  const press = useRef<{ id: number; at: number } | null>(null);
  return useMemo(
    () => ({
      onPointerDown(event: PointerEvent<HTMLButtonElement>) {
        if (event.pointerType === 'mouse' || !event.isPrimary) return;
        press.current = { id: event.pointerId, at: event.timeStamp };
      },
      onPointerCancel() {
        press.current = null;
      },
      onPointerUp(event: PointerEvent<HTMLButtonElement>) {
        const started = press.current;
        press.current = null;
        const button = event.currentTarget;
        if (!started || started.id !== event.pointerId || button.disabled) return;
        if (event.timeStamp - started.at > TAP_MS) return;
        const box = button.getBoundingClientRect();
        const inside =
          event.clientX >= box.left &&
          event.clientX <= box.right &&
          event.clientY >= box.top &&
          event.clientY <= box.bottom;
        if (!inside) return;
        send();
      },
    }),
    [send],
  );
}
