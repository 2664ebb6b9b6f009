'use client';

import { useEffect } from 'react';
import { loadQuoteResolver } from '../effects/lazy-quote-resolver';
import { emptyDraft } from '../trip/draft';

/** What react-hook-form hands its resolver, for a run that reports to no field. */
const WARM_UP = { fields: {}, shouldUseNativeValidation: false };

/** Safari has no requestIdleCallback: half a second stands in for "idle" there. */
function whenIdle(run: () => void) {
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(run, { timeout: 2_000 });
  } else {
    setTimeout(run, 500);
  }
}

/**
 * What the first "Cotizar" needs (the schema) is fetched at the dispatcher's first touch, key or
 * focus, and run once when the browser is idle: long before two pins are placed, yet never while
 * the screen starts. The result's figures
 * come with the screen (quote-result.tsx): nothing is left to load between the answer and the price.
 */
export function useFirstTouchWarmUp() {
  useEffect(() => {
    const events = ['pointerdown', 'keydown', 'focusin'] as const;
    const warm = () => {
      for (const event of events) window.removeEventListener(event, warm, true);
      void loadQuoteResolver()
        .then((resolve) =>
          // Run once on an empty draft when the browser is idle: zod's first validation builds
          // what later ones reuse (12 ms of the first "Cotizar" at 4× CPU, in a trace of the tap).
          whenIdle(
            () =>
              void Promise.resolve(resolve(emptyDraft(), undefined, WARM_UP)).catch(
                () => undefined,
              ),
          ),
        )
        .catch(() => {
          // Offline right now: they load on the first "Cotizar" instead.
        });
    };
    for (const event of events) window.addEventListener(event, warm, true);
    return () => {
      for (const event of events) window.removeEventListener(event, warm, true);
    };
  }, []);
}
