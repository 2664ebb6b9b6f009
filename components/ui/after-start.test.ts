import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * A page still loading (or loaded), whose idle callbacks the test fires by hand; with `mapPreview`,
 * the quote screen's map preview is on it until the test says Leaflet has drawn.
 */
function page({ loaded, mapPreview = false }: { loaded: boolean; mapPreview?: boolean }) {
  vi.resetModules();
  const events = new EventTarget();
  const idle = new Map<number, () => void>();
  let nextId = 1;
  const preview = { isConnected: mapPreview };
  const observers = new Set<() => void>();
  const document = {
    readyState: loaded ? 'complete' : 'loading',
    body: {},
    querySelector: (selector: string) =>
      selector === '[data-map-preview]' && preview.isConnected ? preview : null,
  };
  vi.stubGlobal('document', document);
  vi.stubGlobal(
    'MutationObserver',
    class {
      constructor(private readonly callback: () => void) {}
      observe() {
        observers.add(this.callback);
      }
      disconnect() {
        observers.delete(this.callback);
      }
    },
  );
  vi.stubGlobal('window', {
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    requestIdleCallback: (run: () => void) => {
      idle.set(nextId, run);
      return nextId++;
    },
    cancelIdleCallback: (id: number) => idle.delete(id),
  });
  return {
    load() {
      document.readyState = 'complete';
      events.dispatchEvent(new Event('load'));
    },
    /** Leaflet has drawn its tiles: the preview leaves the page. */
    mapDrawn() {
      preview.isConnected = false;
      for (const callback of [...observers]) callback();
    },
    /** The browser has a moment to spare: every idle callback waiting runs. */
    idle() {
      const waiting = [...idle.values()];
      idle.clear();
      for (const run of waiting) run();
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('work kept for after the start', () => {
  it('waits for the page to load, then for the browser to be idle', async () => {
    const browser = page({ loaded: false });
    const { afterStart } = await import('./after-start');
    const run = vi.fn();
    afterStart(run, 1_500);
    browser.idle();
    expect(run).not.toHaveBeenCalled();
    browser.load();
    expect(run).not.toHaveBeenCalled();
    browser.idle();
    expect(run).toHaveBeenCalledOnce();
  });

  it('on the quote screen, waits for the map to have drawn too, or MAP_WAIT_MS at most', async () => {
    const browser = page({ loaded: false, mapPreview: true });
    const { afterStart } = await import('./after-start');
    const run = vi.fn();
    afterStart(run, 1_500);
    browser.load();
    browser.idle();
    expect(run).not.toHaveBeenCalled();
    browser.mapDrawn();
    expect(run).not.toHaveBeenCalled();
    browser.idle();
    expect(run).toHaveBeenCalledOnce();

    vi.useFakeTimers();
    try {
      const tilesUnreachable = page({ loaded: true, mapPreview: true });
      const { afterStart: again, MAP_WAIT_MS } = await import('./after-start');
      const later = vi.fn();
      again(later, 1_500);
      vi.advanceTimersByTime(MAP_WAIT_MS - 1);
      tilesUnreachable.idle();
      expect(later).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      tilesUnreachable.idle();
      expect(later).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });

  it('runs nothing once cancelled (the screen left before it started)', async () => {
    const browser = page({ loaded: false });
    const { afterStart } = await import('./after-start');
    const run = vi.fn();
    afterStart(run, 1_500)();
    browser.load();
    browser.idle();
    expect(run).not.toHaveBeenCalled();
  });

  it('once the start is over, later work runs at once', async () => {
    const browser = page({ loaded: true });
    const { afterStart } = await import('./after-start');
    afterStart(() => undefined, 1_500);
    browser.idle();
    const later = vi.fn();
    afterStart(later, 1_500);
    expect(later).toHaveBeenCalledOnce();
  });

  it('without requestIdleCallback (Safari), runs a second after the load at most', async () => {
    vi.useFakeTimers();
    try {
      page({ loaded: true });
      vi.stubGlobal('window', { ...window, requestIdleCallback: undefined });
      const { afterStart } = await import('./after-start');
      const run = vi.fn();
      afterStart(run, 5_000);
      vi.advanceTimersByTime(999);
      expect(run).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(run).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });
});
