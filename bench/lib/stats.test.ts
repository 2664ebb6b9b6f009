import { describe, expect, it } from 'vitest';
import { median, quantile, spread } from './stats.mjs';

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
});
