import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import recordedTrip from '@/test/fixtures/recorded-trip.json';

/** callApi and the network state it feeds (use-online.ts), with fetch standing in for the server. */
async function load() {
  vi.resetModules();
  const online = await import('./use-online');
  const { callApi, RequestError } = await import('./api-client');
  return { online, callApi, RequestError };
}

const failure = (call: Promise<unknown>) =>
  call.then(
    () => 'answered',
    (error: { code?: string }) => error.code,
  );

const TRIP = { pickup: recordedTrip.pickup, dropoffs: [recordedTrip.dropoff] };

beforeEach(() => {
  vi.stubGlobal('navigator', { onLine: true });
});
afterEach(() => vi.unstubAllGlobals());

describe('calling the app’s API by the endpoint’s name', () => {
  it('asks at the endpoint’s method and path, the query as parameters and the body as JSON', async () => {
    const { callApi } = await load();
    const fetch = vi.fn().mockResolvedValue(Response.json({ route: {} }));
    vi.stubGlobal('fetch', fetch);

    await callApi('roadRoute', { query: { at: ['19.42452,-99.16769', '19.41336,-99.16721'] } });
    const [roadUrl, roadInit] = fetch.mock.calls[0]!;
    expect(roadUrl).toBe('/api/road-route?at=19.42452%2C-99.16769&at=19.41336%2C-99.16721');
    expect(roadInit).toMatchObject({ method: 'GET', body: undefined });

    await callApi('geocodeSearch', { query: { q: 'Varsovia 36', lat: undefined } });
    expect(fetch.mock.calls[1]![0]).toBe('/api/geocode/search?q=Varsovia+36');

    await callApi('quote', { body: TRIP });
    const [quoteUrl, quoteInit] = fetch.mock.calls[2]!;
    expect(quoteUrl).toBe('/api/quote');
    expect(quoteInit).toMatchObject({
      method: 'POST',
      body: JSON.stringify(TRIP),
      headers: { 'content-type': 'application/json' },
    });
  });

  it('an answer without content is undefined; an error envelope is a RequestError with its code and fields', async () => {
    const { callApi, RequestError } = await load();
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(null, { status: 204 })));
    expect(await callApi('signOut')).toBeUndefined();

    const fields = { 'pickup.street': 'Escribe la calle.' };
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          Response.json(
            { error: { code: 'invalid_request', message: 'Revisa los campos marcados.', fields } },
            { status: 400 },
          ),
        ),
    );
    const error = await callApi('quote', { body: TRIP }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({ code: 'invalid_request', status: 400, fields });

    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('Bad gateway', { status: 502 })));
    expect(await failure(callApi('coverage'))).toBe('http_502');
  });
});

describe('what the app knows of the network', () => {
  it('a request that reaches no server makes the app offline, until the server answers again', async () => {
    const { online, callApi } = await load();
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(online.isServerUnreachable()).toBe(false);
    // The device believes it has a network: the first failure is a network error…
    expect(await failure(callApi('coverage'))).toBe('network');
    expect(online.isServerUnreachable()).toBe(true);
    // …and once the app knows better, the next ones say offline, as with no network at all.
    expect(await failure(callApi('quote', { body: TRIP }))).toBe('offline');

    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(Response.json({ error: { code: 'x' } }, { status: 503 })),
    );
    expect(await failure(callApi('quote', { body: TRIP }))).toBe('x');
    expect(online.isServerUnreachable()).toBe(false);
  });

  it('a device with no network at all is offline without asking', async () => {
    const { callApi } = await load();
    vi.stubGlobal('navigator', { onLine: false });
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    expect(await failure(callApi('coverage'))).toBe('offline');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a server that does not answer in time is a timeout, not a lost network', async () => {
    const { online, callApi } = await load();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_, reject) =>
            init.signal!.addEventListener('abort', () => reject(init.signal!.reason)),
          ),
      ),
    );
    expect(await failure(callApi('coverage', { timeoutMs: 10 }))).toBe('timeout');
    expect(online.isServerUnreachable()).toBe(false);
  });
});
