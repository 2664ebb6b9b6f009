// Small statistics over a handful of rounds: every figure is reported as min / median / max.

/** The median of a list of numbers (the mean of the two middle ones for an even count). */
export function median(values) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** { min, median, max, n } of the values. */
export function spread(values) {
  return {
    min: Math.min(...values),
    median: median(values),
    max: Math.max(...values),
    n: values.length,
  };
}

/** The value at quantile q (0..1) of a list, by nearest rank. */
export function quantile(values, q) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank];
}

/** Rounds for display and for the JSON (3 significant decimals is plenty for timings). */
export const round = (value, digits = 3) =>
  Number.isFinite(value) ? Math.round(value * 10 ** digits) / 10 ** digits : value;

export function roundSpread(s, digits = 3) {
  return {
    min: round(s.min, digits),
    median: round(s.median, digits),
    max: round(s.max, digits),
    n: s.n,
  };
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Each round's a / b, for figures measured turn about (A B A B…): the two of a round ran at the
 * same moment, so the machine's load falls on both, and their ratio is steadier than a ratio of
 * medians taken apart. Values under `floor` count as `floor` (a TBT of 0 against one of 30 ms
 * is no ratio at all). Throws when the lists differ in length: a round missing its pair.
 */
export function pairRatios(a, b, { floor = 0 } = {}) {
  if (a.length !== b.length) throw new Error(`${a.length} rounds against ${b.length}: unpaired`);
  return a.map((value, i) => Math.max(value, floor) / Math.max(b[i], floor));
}

/** Each round's a − b, for figures measured turn about (see pairRatios). */
export function pairDifferences(a, b) {
  if (a.length !== b.length) throw new Error(`${a.length} rounds against ${b.length}: unpaired`);
  return a.map((value, i) => value - b[i]);
}
