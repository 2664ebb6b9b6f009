import { describe, expect, it } from 'vitest';
import { clockOffsetMs, expiryOnDevice, quoteExpired } from './server-clock';

const MINUTE = 60_000;
/** The server issues the quote at 12:00 in Mexico City; QUOTE_VALIDITY 15 minutes. */
const ISSUED = Date.parse('2026-11-20T18:00:00.000Z');
const quote = {
  issuedAt: new Date(ISSUED).toISOString(),
  expiresAt: new Date(ISSUED + 15 * MINUTE).toISOString(),
};

/**
 * A device whose clock reads `skew` ms ahead of the server's (negative: behind) asks for a quote;
 * the answer takes 300 ms there and 500 ms back, the server stamping it in between.
 */
function quotedOnDevice(skew: number) {
  const sentAt = ISSUED - 300 + skew;
  const receivedAt = ISSUED + 500 + skew;
  const offset = clockOffsetMs({ sentAt, receivedAt, serverAt: quote.issuedAt })!;
  /** Whether the screen shows the quote expired `minutes` of real time after it was issued. */
  const expiredAfter = (minutes: number) =>
    quoteExpired(quote, ISSUED + skew + minutes * MINUTE, offset);
  return { offset, receivedAt, expiredAfter };
}

describe('a quote’s validity, counted on the server’s clock', () => {
  it('the offset is the server’s stamp against the midpoint of the round trip, within half of it', () => {
    const { offset } = quotedOnDevice(16 * MINUTE);
    // The answer spent 800 ms on its way: the guess is off by at most 400 ms.
    expect(Math.abs(offset - -16 * MINUTE)).toBeLessThanOrEqual(400);
    expect(offset).toBe(-16 * MINUTE - 100);
  });

  it('a device clock 16 minutes fast shows a fresh quote valid, and expired after its 15 minutes', () => {
    const { expiredAfter, receivedAt } = quotedOnDevice(16 * MINUTE);
    // The device's own clock already reads past the expiry when the answer arrives …
    expect(receivedAt).toBeGreaterThan(Date.parse(quote.expiresAt));
    // … yet counted on the server's clock the quote holds until its 15 minutes are up.
    expect(expiredAfter(0)).toBe(false);
    expect(expiredAfter(14.9)).toBe(false);
    expect(expiredAfter(15.1)).toBe(true);
  });

  it('a device clock 30 minutes fast neither expires a fresh quote nor keeps an old one', () => {
    const { expiredAfter } = quotedOnDevice(30 * MINUTE);
    expect(expiredAfter(1)).toBe(false);
    expect(expiredAfter(14.9)).toBe(false);
    expect(expiredAfter(15.1)).toBe(true);
  });

  it('a device clock 30 minutes slow does not keep a quote past its 15 minutes', () => {
    const { expiredAfter } = quotedOnDevice(-30 * MINUTE);
    expect(expiredAfter(14.9)).toBe(false);
    // The device reads 15 minutes before the expiry: by its own clock the quote looks fresh.
    expect(ISSUED - 30 * MINUTE + 15.1 * MINUTE).toBeLessThan(Date.parse(quote.expiresAt));
    expect(expiredAfter(15.1)).toBe(true);
  });

  it('the expiry lands on the device’s clock where its timer must fire', () => {
    expect(expiryOnDevice(quote, -16 * MINUTE).toISOString()).toBe('2026-11-20T18:31:00.000Z');
    expect(expiryOnDevice(quote, 30 * MINUTE).toISOString()).toBe('2026-11-20T17:45:00.000Z');
    expect(expiryOnDevice(quote, 0).toISOString()).toBe(quote.expiresAt);
  });

  it('an answer whose timing cannot be read changes nothing; an unreadable expiry is not valid', () => {
    expect(clockOffsetMs({ sentAt: ISSUED, receivedAt: ISSUED + 1, serverAt: 'soon' })).toBeNull();
    expect(
      clockOffsetMs({ sentAt: ISSUED, receivedAt: ISSUED - 1, serverAt: quote.issuedAt }),
    ).toBeNull();
    expect(quoteExpired({ expiresAt: 'never' }, ISSUED, 0)).toBe(true);
  });
});
