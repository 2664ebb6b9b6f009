import { describe, expect, it } from 'vitest';
import { CLIENT_GUESS_POLICY, ClientGuessThrottle } from './client-throttle';

function throttleAt(start = Date.UTC(2026, 10, 26, 12)) {
  const clock = { now: start };
  const throttle = ClientGuessThrottle.inMemory(1024, CLIENT_GUESS_POLICY, () => clock.now);
  return { clock, throttle };
}

/** One check of a secret: true when it was let through (and settled as `succeeded`). */
async function tryOnce(
  throttle: ClientGuessThrottle,
  clientId: string | undefined,
  address: string,
  succeeded = false,
) {
  const attempt = await throttle.begin(clientId, address);
  if (!attempt.allowed) return attempt.retryAfterSeconds;
  await attempt.settle(succeeded);
  return 0;
}

describe('API client guesses (HTTP Basic)', () => {
  it('lets 10 wrong secrets from an address through, then makes each wait twice as long as the last', async () => {
    const { clock, throttle } = throttleAt();
    for (let guess = 1; guess <= 10; guess++)
      expect(await tryOnce(throttle, 'acme', '192.0.2.1')).toBe(0);
    // The 11th must come a second after the 10th, the 12th two after the 11th, and so on.
    expect(await tryOnce(throttle, 'acme', '192.0.2.1')).toBe(1);
    for (const delay of [1, 2, 4, 8]) {
      clock.now += delay * 1000 - 1;
      expect(await tryOnce(throttle, 'acme', '192.0.2.1')).toBe(1);
      clock.now += 1;
      expect(await tryOnce(throttle, 'acme', '192.0.2.1')).toBe(0);
    }
    // Refused tries neither count nor move the wait: hammering does not shorten it.
    for (let refused = 0; refused < 50; refused++) {
      expect(await tryOnce(throttle, 'acme', '192.0.2.1')).toBeGreaterThan(0);
    }
    clock.now += 16_000;
    expect(await tryOnce(throttle, 'acme', '192.0.2.1')).toBe(0);
    expect(throttle.delaySeconds(20)).toBe(300);
  });

  it('counts guesses at one client id across addresses, but never keeps out the address it logs in from', async () => {
    const { throttle } = throttleAt();
    expect(await tryOnce(throttle, 'acme', '192.0.2.99', true)).toBe(0);
    for (let address = 1; address <= 30; address++) {
      expect(await tryOnce(throttle, 'acme', `198.51.100.${address}`)).toBe(0);
    }
    expect(await tryOnce(throttle, 'acme', '198.51.100.31')).toBe(1);
    // An id no client has is counted only against its address.
    expect(await tryOnce(throttle, undefined, '198.51.100.31')).toBe(0);
    // The app's own address, known from its success, is let through.
    expect(await tryOnce(throttle, 'acme', '192.0.2.99', true)).toBe(0);
  });

  it('a success gives back what the attempt counted', async () => {
    const { throttle } = throttleAt();
    for (let attempt = 0; attempt < 100; attempt++) {
      expect(await tryOnce(throttle, 'acme', '192.0.2.5', true)).toBe(0);
    }
  });
});
