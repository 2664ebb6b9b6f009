'use client';

import { useEffect, useState } from 'react';

/** A hidden page draws no frames: the work is not held back past this long (timers still run). */
const AT_THE_LATEST_MS = 500;

/**
 * Runs `run` once the next frame has been painted: work the dispatcher does not see at once (a list
 * written to storage, the map re-framed) then waits for what they do see (the price) instead of
 * holding its paint back. requestAnimationFrame runs just before a frame is drawn; a message
 * posted from it is handled right after, and `run` one message later. A page in the background
 * draws no frame: there `run` goes after AT_THE_LATEST_MS, so nothing waits for the dispatcher to
 * come back. Returns a cancel.
 */
export function afterPaint(run: () => void): () => void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    run();
  };
  const timer = setTimeout(once, AT_THE_LATEST_MS);
  const frame = requestAnimationFrame(() => {
    // Two tasks on: the first task after the frame goes to whatever else waited for it (another
    // requestAnimationFrame's message, as the bench's mark of the paint), this work after that.
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      if (done) return;
      channel.port1.onmessage = () => {
        channel.port1.close();
        once();
      };
      channel.port2.postMessage(null);
    };
    channel.port2.postMessage(null);
  });
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * `value`, taken up only after the frame that showed its change elsewhere has been painted: the
 * map re-frames the trip (Leaflet's zoom, new tiles) after the price is on screen, not before.
 */
export function useAfterPaint<T>(value: T): T {
  const [taken, setTaken] = useState(value);
  useEffect(() => {
    if (Object.is(taken, value)) return;
    return afterPaint(() => setTaken(value));
  }, [taken, value]);
  return taken;
}
