'use client';

import { useEffect, useState } from 'react';

/**
 * Runs `run` in the first task after the next frame has been painted: work the dispatcher does not
 * see at once (a list written to storage, the map re-framed) then waits for what they do see (the
 * price) instead of holding its paint back. requestAnimationFrame runs just before a frame is
 * drawn; a message posted from it is handled right after. Returns a cancel.
 */
export function afterPaint(run: () => void): () => void {
  let cancelled = false;
  const frame = requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      if (!cancelled) run();
    };
    channel.port2.postMessage(null);
  });
  return () => {
    cancelled = true;
    cancelAnimationFrame(frame);
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
