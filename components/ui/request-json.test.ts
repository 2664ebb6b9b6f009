import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** requestJson and the network state it feeds (use-online.ts), with fetch standing in for the server. */
async function load() {
  vi.resetModules();
  const online = await import('./use-online');
  const { requestJson, RequestError } = await import('./request-json');
  return { online, requestJson, RequestError };
}

const failure = (call: Promise<unknown>) =>
  call.then(
    () => 'answered',
    (error: { code?: string }) => error.code,
  );

beforeEach(() => {
  vi.stubGlobal('navigator', { onLine: true });
});
afterEach(() => vi.unstubAllGlobals());

describe('what the app knows of the network', () => {
  it('a request that reaches no server makes the app offline, until the server answers again', async () => {
    const { online, requestJson } = await load();
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(online.isServerUnreachable()).toBe(false);
    // The device believes it has a network: the first failure is a network error…
    expect(await failure(requestJson('/api/coverage'))).toBe('network');
    expect(online.isServerUnreachable()).toBe(true);
    // …and once the app knows better, the next ones say offline, as with no network at all.
    expect(await failure(requestJson('/api/quote', { method: 'POST', body: {} }))).toBe('offline');

    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(Response.json({ error: { code: 'x' } }, { status: 503 })),
    );
    expect(await failure(requestJson('/api/quote', { method: 'POST', body: {} }))).toBe('x');
    expect(online.isServerUnreachable()).toBe(false);
  });

  it('a device with no network at all is offline without asking', async () => {
    const { requestJson } = await load();
    vi.stubGlobal('navigator', { onLine: false });
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    expect(await failure(requestJson('/api/coverage'))).toBe('offline');
    expect(fetch).not.toHaveBeenCalled();
  });
});
