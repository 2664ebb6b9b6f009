import { describe, expect, it } from 'vitest';
import { DOUBLE_TAP_MS, repeatsLastQuote, type SentQuote } from './repeat-tap';

const sent = (state: SentQuote['state']): SentQuote => ({ key: 'trip-1', at: 1_000, state });

describe('a second "Cotizar" for the same trip', () => {
  it('sends nothing while the first request is on its way, however long it takes', () => {
    expect(repeatsLastQuote(sent('sending'), 'trip-1', 1_000 + 30_000)).toBe(true);
  });

  it('sends nothing within a double tap of the first when its quote already came', () => {
    expect(repeatsLastQuote(sent('quoted'), 'trip-1', 1_000 + DOUBLE_TAP_MS - 1)).toBe(true);
  });

  it('asks again once a double tap’s time has passed since the first', () => {
    expect(repeatsLastQuote(sent('quoted'), 'trip-1', 1_000 + DOUBLE_TAP_MS)).toBe(false);
  });

  it('asks again at once after the first failed', () => {
    expect(repeatsLastQuote(sent('failed'), 'trip-1', 1_001)).toBe(false);
  });

  it('asks for another trip at once, and for any trip when nothing was sent', () => {
    expect(repeatsLastQuote(sent('sending'), 'trip-2', 1_001)).toBe(false);
    expect(repeatsLastQuote(null, 'trip-1', 1_001)).toBe(false);
  });
});
