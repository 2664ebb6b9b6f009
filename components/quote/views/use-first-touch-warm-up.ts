'use client';

import { useEffect } from 'react';
import { loadQuoteResolver } from '../effects/lazy-quote-resolver';

/**
 * What the first "Cotizar" needs (the schema) is fetched at the dispatcher's first touch, key or
 * focus: long before two pins are placed, yet never while the screen starts. The result's figures
 * come with the screen (quote-result.tsx): nothing is left to load between the answer and the price.
 */
export function useFirstTouchWarmUp() {
  useEffect(() => {
    const events = ['pointerdown', 'keydown', 'focusin'] as const;
    const warm = () => {
      for (const event of events) window.removeEventListener(event, warm, true);
      void loadQuoteResolver().catch(() => {
        // Offline right now: they load on the first "Cotizar" instead.
      });
    };
    for (const event of events) window.addEventListener(event, warm, true);
    return () => {
      for (const event of events) window.removeEventListener(event, warm, true);
    };
  }, []);
}
