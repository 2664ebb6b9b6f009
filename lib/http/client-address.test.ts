import { describe, expect, it } from 'vitest';
import { resolveClientAddress } from './client-address';

describe('whose address a request is counted under', () => {
  it('with no trusted proxy, the connection’s address, whatever X-Forwarded-For says', () => {
    for (const forwardedFor of [null, '1.2.3.4', '1.2.3.4, 5.6.7.8', 'unknown']) {
      expect(resolveClientAddress({ forwardedFor, peer: '198.51.100.9' }, 0)).toBe('198.51.100.9');
    }
    expect(resolveClientAddress({ forwardedFor: null, peer: '::ffff:10.0.0.5' }, 0)).toBe(
      '10.0.0.5',
    );
  });

  it('behind n trusted proxies, the n-th X-Forwarded-For entry from the right', () => {
    const forwardedFor = 'forged-by-client, 203.0.113.7, 10.0.0.2';
    expect(resolveClientAddress({ forwardedFor, peer: '10.0.0.3' }, 1)).toBe('10.0.0.2');
    expect(resolveClientAddress({ forwardedFor, peer: '10.0.0.3' }, 2)).toBe('203.0.113.7');
    // Fewer entries than trusted hops: the furthest one known.
    expect(resolveClientAddress({ forwardedFor: '203.0.113.7', peer: '10.0.0.3' }, 3)).toBe(
      '203.0.113.7',
    );
    // None at all (a request that skipped the proxy): the connection's.
    expect(resolveClientAddress({ forwardedFor: null, peer: '10.0.0.3' }, 1)).toBe('10.0.0.3');
  });

  it('an address is kept to 64 characters', () => {
    const long = 'x'.repeat(500);
    expect(resolveClientAddress({ forwardedFor: long, peer: undefined }, 1)).toHaveLength(64);
  });
});
