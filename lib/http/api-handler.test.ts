import { describe, expect, it } from 'vitest';
import { hostIsAddressOrLocal } from './api-handler';

describe('without APP_ORIGIN, the hosts that may name the app', () => {
  it('are IP addresses and localhost, with or without a port', () => {
    for (const host of [
      '127.0.0.1:3000',
      '192.168.1.20',
      '[::1]:3000',
      'localhost',
      'LOCALHOST:3000',
    ]) {
      expect(hostIsAddressOrLocal(host), host).toBe(true);
    }
  });

  it('are never a domain name, which a DNS-rebinding page would send', () => {
    for (const host of [
      'evil.example',
      'evil.example:3000',
      'localhost.evil.example',
      '127.0.0.1.nip.io',
    ]) {
      expect(hostIsAddressOrLocal(host), host).toBe(false);
    }
  });
});
