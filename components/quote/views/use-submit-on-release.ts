'use client';

import { useMemo, useRef, type MouseEvent, type PointerEvent } from 'react';

/** A press held longer than this is not a tap: the browser's own click decides. */
const TAP_MS = 700;
/** The click that follows a release already sent, swallowed only this soon after it. */
const CLICK_AFTER_RELEASE_MS = 1_000;

/**
 * A submit button that sends its form when the finger (or pen) lifts, not at the click the browser
 * makes of the tap afterwards. Between the two, the browser makes up the mouse's own events (move,
 * down, up) and draws a frame for each change they bring, on the tablet's busy main thread. The
 * click that follows a release that sent is cancelled, so the form is sent once; a mouse, a key
 * (Enter, Space) and a screen reader go through the click as before. Nothing happens on release
 * when the button is disabled, when the press began elsewhere, lasted longer than a tap, or ended
 * off the button (the browser then sends no click either).
 */
export function useSubmitOnRelease() {
  const press = useRef<{ id: number; at: number } | null>(null);
  const sentAt = useRef(-Infinity);
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
        if (!inside || !button.form) return;
        sentAt.current = event.timeStamp;
        button.form.requestSubmit(button);
      },
      onClick(event: MouseEvent<HTMLButtonElement>) {
        if (event.timeStamp - sentAt.current > CLICK_AFTER_RELEASE_MS) return;
        sentAt.current = -Infinity;
        event.preventDefault();
      },
    }),
    [],
  );
}
