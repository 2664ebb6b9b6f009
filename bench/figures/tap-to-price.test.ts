import { describe, expect, it } from 'vitest';
import { splitOfQuote } from './tap-to-price.mjs';

describe('tap to price: what the screen takes around the answer', () => {
  it('takes the answer’s own time out of the time from the tap to the painted price', () => {
    // Tapped at 1,000; the request left at 1,030 and its answer ended at 1,530; the card turned
    // fresh at 1,580 and that frame was painted at 1,600.
    const split = splitOfQuote({
      tap: 1_000,
      fetchStart: 1_030,
      responseEnd: 1_530,
      shown: 1_580,
      painted: 1_600,
    });
    expect(split).toEqual({
      tapToPriceMs: 100,
      tapToRequestMs: 30,
      answerMs: 500,
      answerToShownMs: 50,
      shownToPaintedMs: 20,
    });
  });

  it('counts an answer that was on its way before the tap only from the tap', () => {
    const split = splitOfQuote({
      tap: 1_000,
      fetchStart: 900,
      responseEnd: 1_200,
      shown: 1_260,
      painted: 1_270,
    });
    expect(split.answerMs).toBe(200);
    expect(split.tapToPriceMs).toBe(70);
  });
});
