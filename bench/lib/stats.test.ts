import { describe, expect, it } from 'vitest';
import { median, pairDifferences, pairRatios, quantile, spread } from './stats.mjs';

describe('benchmark statistics', () => {
  it('reports the middle value of an odd count and the mean of the middle two of an even count', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('summarises rounds as min, median and max without reordering the caller’s list', () => {
    const rounds = [0.61, 0.55, 0.58];
    expect(spread(rounds)).toEqual({ min: 0.55, median: 0.58, max: 0.61, n: 3 });
    expect(rounds).toEqual([0.61, 0.55, 0.58]);
  });

  it('takes percentiles by nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(quantile(values, 0.5)).toBe(50);
    expect(quantile(values, 0.99)).toBe(99);
    expect(quantile([7], 0.5)).toBe(7);
  });

  it('compares side-by-side rounds pair by pair, not the medians taken apart', () => {
    // Round 2 ran while the machine was busy: both pages slowed, their ratio did not.
    const app = [1_200, 4_000, 1_300];
    const bare = [1_000, 3_900, 1_000];
    expect(pairRatios(app, bare).map((r: number) => Math.round(r * 100) / 100)).toEqual([
      1.2, 1.03, 1.3,
    ]);
    expect(median(pairRatios(app, bare))).toBe(1.2);
    expect(pairDifferences([71, 60], [66, 65])).toEqual([5, -5]);
  });

  it('counts values under the floor as the floor, so that a zero is no infinite ratio', () => {
    expect(pairRatios([40, 0, 300], [0, 0, 100], { floor: 50 })).toEqual([1, 1, 3]);
  });

  it('refuses rounds without their pair', () => {
    expect(() => pairRatios([1, 2], [1])).toThrow(/unpaired/);
    expect(() => pairDifferences([1], [1, 2])).toThrow(/unpaired/);
  });
});
