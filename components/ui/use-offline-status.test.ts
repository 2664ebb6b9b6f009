import { afterEach, describe, expect, it, vi } from 'vitest';

/** A registration as the browser hands it over, whose workers the test moves through their states. */
class StubRegistration extends EventTarget {
  installing: (EventTarget & { state: string }) | null = null;
  waiting: object | null = null;
  active: { postMessage: ReturnType<typeof vi.fn> } = { postMessage: vi.fn() };
}

async function registered({ controlled }: { controlled: boolean }) {
  vi.resetModules();
  const registration = new StubRegistration();
  vi.stubGlobal('navigator', {
    serviceWorker: {
      controller: controlled ? { scriptURL: '/sw.js' } : null,
      register: vi.fn(async () => registration),
      ready: Promise.resolve(registration),
      addEventListener: vi.fn(),
    },
  });
  const status = await import('./use-offline-status');
  await status.registerServiceWorker('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
  /** A new worker is found, installs and waits. */
  const installNewWorker = () => {
    const worker = Object.assign(new EventTarget(), { state: 'installing' });
    registration.installing = worker;
    registration.dispatchEvent(new Event('updatefound'));
    registration.installing = null;
    registration.waiting = worker;
    worker.state = 'installed';
    worker.dispatchEvent(new Event('statechange'));
  };
  return { status, registration, installNewWorker };
}

afterEach(() => vi.unstubAllGlobals());

describe('what the screen can know of the service worker', () => {
  it('registers /sw.js for the whole app with the tile template, past any HTTP cache', async () => {
    await registered({ controlled: true });
    expect(navigator.serviceWorker.register).toHaveBeenCalledWith(
      '/sw.js?tiles=https%3A%2F%2Ftile.openstreetmap.org%2F%7Bz%7D%2F%7Bx%7D%2F%7By%7D.png',
      { scope: '/', updateViaCache: 'none' },
    );
  });

  it('a new version installed while this screen runs is said to wait (for the next open)', async () => {
    const { status, installNewWorker } = await registered({ controlled: true });
    expect(status.currentOfflineStatus().updateWaiting).toBe(false);
    installNewWorker();
    expect(status.currentOfflineStatus().updateWaiting).toBe(true);
  });

  it('the very first worker of a device is not an update', async () => {
    const { status, installNewWorker } = await registered({ controlled: false });
    installNewWorker();
    expect(status.currentOfflineStatus().updateWaiting).toBe(false);
  });
});
