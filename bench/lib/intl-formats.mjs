// The Intl formats a page makes, counted in the page: its first one loads ICU's data, 55–95 ms of a
// tablet's main thread at 4× CPU in Chromium 156 (docs/performance.md, "Intl at start"). Used by
// the cotizar-redraws figure: the quote screen makes none before the first pin.

/**
 * In the page before its scripts (addInitScript; self-contained, as it is sent as text). Every
 * Intl constructor, and the methods that make a format of their own (`toLocaleString` and its
 * kin, `localeCompare`), is wrapped: each call is listed in `window.__intlFormats` as
 * `{ kind, at }` (its performance.now()). Called with or without `new`, each makes what the
 * original makes; `instanceof` and the constructors' own functions still hold.
 */
export function countIntlFormats() {
  const made = [];
  Object.defineProperty(window, '__intlFormats', { value: made });
  const note = (kind) => made.push({ kind, at: Math.round(performance.now()) });
  for (const kind of [
    'Collator',
    'DateTimeFormat',
    'DisplayNames',
    'DurationFormat',
    'ListFormat',
    'NumberFormat',
    'PluralRules',
    'RelativeTimeFormat',
    'Segmenter',
  ]) {
    const Original = Intl[kind];
    if (typeof Original !== 'function') continue;
    const Counted = function (...args) {
      note(kind);
      return new Original(...args);
    };
    Object.setPrototypeOf(Counted, Original);
    Counted.prototype = Original.prototype;
    Intl[kind] = Counted;
  }
  for (const [owner, method] of [
    [Number.prototype, 'toLocaleString'],
    [BigInt.prototype, 'toLocaleString'],
    [Date.prototype, 'toLocaleString'],
    [Date.prototype, 'toLocaleDateString'],
    [Date.prototype, 'toLocaleTimeString'],
    [String.prototype, 'localeCompare'],
  ]) {
    const original = owner[method];
    owner[method] = function (...args) {
      note(method);
      return original.apply(this, args);
    };
  }
}
