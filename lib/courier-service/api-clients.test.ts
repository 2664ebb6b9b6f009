import { describe, expect, it } from 'vitest';
import { authenticateClient, presentedClient } from './api-clients';
import { CourierError } from './errors';

const CLIENTS = [
  { id: 'demo-client', secret: 'demo-secret' },
  { id: 'acme', secret: 'pa:ss' },
];
const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;
const codeOf = (authorization: string | null) => {
  try {
    authenticateClient(authorization, CLIENTS);
    return 0;
  } catch (error) {
    return (error as CourierError).code;
  }
};

describe('API clients (HTTP Basic)', () => {
  it('recognises each configured client, including a secret that holds a colon', () => {
    expect(authenticateClient(basic('demo-client:demo-secret'), CLIENTS).id).toBe('demo-client');
    expect(authenticateClient(basic('acme:pa:ss'), CLIENTS).id).toBe('acme');
    expect(authenticateClient(`basic  ${basic('acme:pa:ss').slice(6)}`, CLIENTS).id).toBe('acme');
  });

  it('refuses anything else with -190', () => {
    for (const header of [
      null,
      '',
      'Basic',
      'Bearer abc',
      basic('demo-client:wrong'),
      basic('demo-client:demo-secret '),
      basic('acme:demo-secret'),
      basic('demo-client'),
      `Basic ${'A'.repeat(2000)}`,
    ]) {
      expect(codeOf(header), String(header)).toBe(-190);
    }
  });

  it('tells the guess throttle which configured client a header names, before any secret is compared', () => {
    expect(presentedClient(basic('acme:wrong'), CLIENTS)).toEqual({
      presented: true,
      clientId: 'acme',
    });
    expect(presentedClient(basic('nobody:x'), CLIENTS)).toEqual({
      presented: true,
      clientId: undefined,
    });
    expect(presentedClient(basic('acme'), CLIENTS)).toEqual({
      presented: true,
      clientId: undefined,
    });
    expect(presentedClient(null, CLIENTS)).toEqual({ presented: false, clientId: undefined });
    expect(presentedClient('Bearer x', CLIENTS)).toEqual({ presented: false, clientId: undefined });
  });
});
