import { describe, expect, it } from 'vitest';
import { AT_ONCE, contextText, floorText, missedBudgets, splitOfQuote } from './tap-to-price.mjs';

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
      answerToPaintedMs: 70,
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

  it('judges the answer → price painted of the first quote apart from the later ones', () => {
    const quotes = (tapToPriceMs: number, answerToPaintedMs: number) => ({
      tapToPriceMs: { median: tapToPriceMs },
      answerToPaintedMs: { median: answerToPaintedMs },
    });
    expect(missedBudgets(quotes(90, 95), quotes(60, 40))).toEqual([]);
    // Issue 29's first quote: the price painted 0.4 s after its answer, later ones in 40 ms.
    expect(missedBudgets(quotes(90, 420), quotes(60, 40))).toEqual([
      'first: answer → price painted',
    ]);
    expect(missedBudgets(quotes(230, 90), quotes(145, 101))).toEqual([
      'first: tap → price',
      'later: tap → price',
      'later: answer → price painted',
    ]);
  });

  it('counts a figure that was not measured as a budget missed', () => {
    const none = { tapToPriceMs: { median: NaN }, answerToPaintedMs: { median: NaN } };
    expect(missedBudgets(none, none)).toHaveLength(4);
  });

  it("prints the bare page's Cotizar as context: its first and later quotes, each figure apart", () => {
    const quotes = (tapToPriceMs: number, answerToPaintedMs: number, tapToRequestMs: number) => ({
      tapToPriceMs: { median: tapToPriceMs },
      answerToPaintedMs: { median: answerToPaintedMs },
      tapToRequestMs: { median: tapToRequestMs },
    });
    const text = floorText({ first: quotes(71, 52, 19), later: quotes(64, 45, 18) });
    expect(text).toContain('context, not judged');
    expect(text).toContain('tap → price 71 / 64 ms beyond the answer');
    expect(text).toContain('answer → painted 52 / 45 ms');
    expect(text).toContain('tap → request 19 / 18 ms');
  });

  it('prints the quotes made at once as context, the app and the bare page beside each other', () => {
    const quotes = (tapToPriceMs: number, answerToPaintedMs: number) => ({
      tapToPriceMs: { median: tapToPriceMs, min: tapToPriceMs - 30, max: tapToPriceMs + 40 },
      answerToPaintedMs: { median: answerToPaintedMs },
    });
    const text = contextText(AT_ONCE.later, quotes(168, 131), quotes(57, 30));
    expect(text).toMatch(
      /^a later quote made at once, during the map's glide \(context, not judged\)/,
    );
    expect(text).toContain('tap → price 168 ms beyond the answer (138–208)');
    expect(text).toContain('answer → painted 131 ms');
    expect(text).toContain("the bare page's 57 / 30 ms");
    expect(contextText(AT_ONCE.first, quotes(97, 70), quotes(110, 77))).toMatch(
      /^a first quote made at once, as soon as the last field is filled \(context, not judged\): tap → price 97 ms/,
    );
  });
});
